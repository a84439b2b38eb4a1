// Password reset by e-mail (reference §7.6): a single-use link valid for 10 minutes, then a new random password,
// shown once. Setting it bumps auth_version and deletes the user's sessions, so every sign-in made before ends.
import type { EntityManager } from '@mikro-orm/knex';
import { RESET_PASSWORD_LENGTH } from '../../contract/account.js';
import { ServiceError } from '../../app/errors.js';
import { hashPassword } from '../../app/password.js';
import { randomAlnum } from '../../app/random.js';
import type { Mailer } from '../../app/mailer.js';
import type { Lang } from '../../i18n/lang.js';
import type { Branding } from '../agent/branding.js';
import type { OptionStore } from '../option/option.store.js';
import type { SessionService } from '../session/session.service.js';
import type { VerificationService } from '../verification/verification.service.js';
import { isEmail, normaliseEmail } from './email-rules.js';
import { activeUserByEmail } from './account-users.js';
import { resetLink, resetMail } from './mail-content.js';
import type { MailThrottle } from './mail-throttle.js';

export class PasswordResetService {
  constructor(
    private readonly deps: {
      em: EntityManager;
      options: OptionStore;
      branding: Branding;
      mailer: Mailer;
      verification: VerificationService;
      sessions: SessionService;
      throttle: MailThrottle;
    },
  ) {}

  /** GET /api/reset_password: mails the link to a registered address. */
  async sendLink(rawEmail: string | undefined, ip: string, lang: Lang): Promise<void> {
    const { em, options, branding, mailer, verification, throttle } = this.deps;
    const email = normaliseEmail(rawEmail);
    if (!isEmail(email)) throw new ServiceError('email.invalid');
    if (!mailer.configured()) throw new ServiceError('mail.not_configured');
    const user = await activeUserByEmail(em.fork(), email);
    if (!user) throw new ServiceError('reset.not_registered');
    await throttle.take(email, ip);
    const token = await verification.issueToken('password_reset', email);
    const link = resetLink(options.get('ServerAddress'), email, token);
    // The mail carries the name the user knows: its agent's, for a sub-user or an agent (design agents.md §5).
    const brand = branding.options(branding.agentFor(user, undefined));
    await mailer.send(resetMail(lang, email, brand.get('SystemName'), link));
  }

  /** POST /api/user/reset: spends the link and returns the new password. */
  async confirm(rawEmail: string | undefined, token: string | undefined): Promise<string> {
    const { em, verification, sessions } = this.deps;
    const email = normaliseEmail(rawEmail);
    if (!email || !token || !(await verification.consume('password_reset', email, token))) throw new ServiceError('reset.link_invalid');
    const user = await activeUserByEmail(em.fork(), email);
    if (!user) throw new ServiceError('reset.link_invalid');
    const password = randomAlnum(RESET_PASSWORD_LENGTH);
    const hash = await hashPassword(password);
    await em.fork().execute('update users set password = ?, auth_version = auth_version + 1 where id = ?', [hash, user.id], 'run');
    await sessions.destroyAllFor(user.id);
    return password;
  }
}
