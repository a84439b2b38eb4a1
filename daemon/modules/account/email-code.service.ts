// GET /api/verification (reference §7.6): mails a 6-digit code to an address that passes the administrator's rules
// and is not in use yet. The code serves registration and e-mail binding (VerificationService.consume with
// purpose 'email_verify').
import type { EntityManager } from '@mikro-orm/knex';
import { ServiceError } from '../../app/errors.js';
import type { Mailer } from '../../app/mailer.js';
import type { Lang } from '../../i18n/lang.js';
import type { Branding } from '../agent/branding.js';
import type { OptionStore } from '../option/option.store.js';
import type { VerificationService } from '../verification/verification.service.js';
import { emailProblem, normaliseEmail, type EmailPolicy } from './email-rules.js';
import { emailTaken } from './account-users.js';
import { codeMail } from './mail-content.js';
import type { MailThrottle } from './mail-throttle.js';

export const emailPolicy = (options: OptionStore): EmailPolicy => ({
  domainRestriction: options.bool('EmailDomainRestrictionEnabled'),
  whitelist: options.get('EmailDomainWhitelist'),
  aliasRestriction: options.bool('EmailAliasRestrictionEnabled'),
});

export class EmailCodeService {
  constructor(
    private readonly deps: {
      em: EntityManager;
      options: OptionStore;
      branding: Branding;
      mailer: Mailer;
      verification: VerificationService;
      throttle: MailThrottle;
    },
  ) {}

  /** `host`: the domain the visitor came to; an agent's domain puts the agent's name in the mail (design agents.md §5). */
  async send(rawEmail: string | undefined, ip: string, lang: Lang, host?: string): Promise<void> {
    const { em, options, branding, mailer, verification, throttle } = this.deps;
    const email = normaliseEmail(rawEmail);
    const problem = emailProblem(email, emailPolicy(options));
    if (problem) throw new ServiceError(problem);
    if (!mailer.configured()) throw new ServiceError('mail.not_configured');
    if (await emailTaken(em.fork(), email)) throw new ServiceError('email.taken');
    await throttle.take(email, ip);
    const code = await verification.issueCode('email_verify', email);
    const brand = branding.options(branding.agentFor(null, host));
    await mailer.send(codeMail(lang, email, brand.get('SystemName'), code));
  }
}
