// The human check (Cloudflare Turnstile) on sign-in, registration, e-mail codes and reset links, verified on the
// server with the secret key. Every protected call needs a fresh token: Turnstile tokens are single-use, and no
// "already checked" flag is kept, so one solved widget cannot be replayed for a burst of calls.
import type { OptionKey } from '../contract/options.js';
import { ServiceError } from './errors.js';

interface OptionReader {
  get(key: OptionKey): string;
  bool(key: OptionKey): boolean;
}

/** Turnstile tokens are at most 2048 characters. */
const TOKEN_MAX = 2048;

export class TurnstileVerifier {
  constructor(
    private readonly options: OptionReader,
    /** Cloudflare's siteverify endpoint (config turnstile.verify_url). */
    private readonly verifyUrl: string,
    private readonly timeoutMs = 10_000,
    private readonly logError: (message: string, err: unknown) => void = (m, e) => console.error(m, e),
  ) {}

  enabled(): boolean {
    return this.options.bool('TurnstileCheckEnabled');
  }

  /** Passes when the check is off or the token verifies; throws ServiceError otherwise. */
  async check(token: string | undefined, ip: string): Promise<void> {
    if (!this.enabled()) return;
    if (!token) throw new ServiceError('turnstile.missing');
    if (token.length > TOKEN_MAX || !(await this.verify(token, ip))) throw new ServiceError('turnstile.failed');
  }

  private async verify(token: string, ip: string): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.options.get('TurnstileSecretKey'), response: token, remoteip: ip });
    try {
      const res = await fetch(this.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) {
        this.logError('Turnstile siteverify failed:', `HTTP ${res.status}`);
        return false;
      }
      const body = (await res.json()) as { success?: unknown };
      return body?.success === true;
    } catch (e) {
      this.logError('Turnstile siteverify could not be reached:', e);
      return false;
    }
  }
}
