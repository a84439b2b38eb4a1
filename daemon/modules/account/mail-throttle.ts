// Limits on e-mails sent for codes and reset links (reference §10 "Critical" plus per-address limits): one address
// gets at most one e-mail per CODE_RESEND_SECONDS and `addressCount` per window; one IP asks for at most `ipCount`
// per window. Counts live in the shared rate-limit store (memory, or Redis across instances).
import { CODE_RESEND_SECONDS } from '../../contract/account.js';
import { ServiceError } from '../../app/errors.js';
import type { RateLimitStore } from '../../app/rate-limit/store.js';

export interface MailLimits {
  addressCount: number;
  ipCount: number;
  windowSeconds: number;
}

export class MailThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: MailLimits,
  ) {}

  /** Records one e-mail to `email` asked for from `ip`, or throws a 429 ServiceError. */
  async take(email: string, ip: string): Promise<void> {
    const { addressCount, ipCount, windowSeconds } = this.limits;
    if (!(await this.store.hit(`mail:ip:${ip}`, ipCount, windowSeconds))) throw new ServiceError('generic.too_many_requests', undefined, 429);
    if (!(await this.store.hit(`mail:resend:${email}`, 1, CODE_RESEND_SECONDS))) throw new ServiceError('email.too_often', undefined, 429);
    if (!(await this.store.hit(`mail:addr:${email}`, addressCount, windowSeconds))) throw new ServiceError('email.too_often', undefined, 429);
  }
}
