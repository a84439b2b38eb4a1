// Binding an e-mail address (spec 1 §5 "Bind email: email and code are both required"; reference §1.2): the code
// sent by GET /api/verification (purpose 'email_verify') proves the address and is used up by this call, and the
// address must not belong to another account. Addresses are stored trimmed and lower-cased, like registration's.
import { ServiceError } from '../../app/errors.js';
import { isEmail, normaliseEmail } from '../account/email-rules.js';
import type { VerificationService } from '../verification/verification.service.js';
import type { ExternalAccountService } from './external-account.service.js';

export function emailBinder(verification: Pick<VerificationService, 'consume'>, accounts: ExternalAccountService) {
  return async (userId: number, rawEmail: string, rawCode: string): Promise<void> => {
    const email = normaliseEmail(rawEmail);
    const code = rawCode.trim();
    if (!email || !code) throw new ServiceError('oauth.email_required');
    if (!isEmail(email)) throw new ServiceError('oauth.email_invalid');
    if (!(await verification.consume('email_verify', email, code))) throw new ServiceError('oauth.email_code_wrong');
    await accounts.bindEmail(userId, email);
  };
}
