// POST /api/user/register (spec 1 §5, reference §7.1). Checks run in new-api's order (switches, human check, fields,
// e-mail code, free username) and the code is spent only when everything else passed. The account, the inviter's
// counters and the gift logs are written in one transaction with SQL increments, so concurrent invites all count.
// The new account joins an agent by the page's host or the invite code (design agents.md §1, agent/attach.ts).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/knex';
import type { RegisterRequest } from '../../contract/account.js';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../contract/user.js';
import { LogType, Role, UserStatus } from '../../contract/roles.js';
import { ServiceError } from '../../app/errors.js';
import { hashPassword } from '../../app/password.js';
import { randomAlnum } from '../../app/random.js';
import type { Clock } from '../../app/clock.js';
import type { DbKind } from '../../app/orm.js';
import type { RateLimitStore } from '../../app/rate-limit/store.js';
import type { TurnstileVerifier } from '../../app/turnstile.js';
import type { OptionStore } from '../option/option.store.js';
import type { VerificationService } from '../verification/verification.service.js';
import { UserEntity } from '../user/user.entity.js';
import { LogEntity } from '../log/log.entity.js';
import { isEmail, normaliseEmail } from './email-rules.js';
import { emailTaken, usernameTaken } from './account-users.js';
import { giftLogText } from './gift-log.js';
import { inTransaction } from '../../db/transaction.js';
import { attachAgentId } from '../agent/attach.js';

/** No spaces, control characters or "@" (an "@" would make a username look like someone's e-mail at sign-in). */
const USERNAME_BAD = /[\s@\p{Cc}]/u;
const AFF_CODE_LENGTH = 4;

export interface RegistrationDeps {
  em: EntityManager;
  clock: Clock;
  options: OptionStore;
  verification: VerificationService;
  turnstile: TurnstileVerifier;
  rateLimits: RateLimitStore;
  /** Accounts per IP per window (config rate_limit.register_*). */
  limit: { count: number; windowSeconds: number };
  dbKind: DbKind;
}

export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  /** `host`: the request's host name (Host, or X-Forwarded-Host behind a trusted proxy), for the agent rule. */
  async register(req: Partial<RegisterRequest>, ctx: { ip: string; turnstile?: string; host?: string }): Promise<void> {
    const { options, verification, turnstile, rateLimits, limit } = this.deps;
    if (!options.bool('RegisterEnabled')) throw new ServiceError('register.disabled');
    if (!options.bool('PasswordRegisterEnabled')) throw new ServiceError('register.password_disabled');
    await turnstile.check(ctx.turnstile, ctx.ip);

    const username = (req.username ?? '').trim();
    const password = req.password ?? '';
    if (!username || !password) throw new ServiceError('register.required');
    if ([...username].length > USERNAME_MAX) throw new ServiceError('register.username_too_long', { max: USERNAME_MAX });
    if (USERNAME_BAD.test(username)) throw new ServiceError('register.username_invalid');
    if (password.length < PASSWORD_MIN) throw new ServiceError('register.password_short', { min: PASSWORD_MIN });
    if (password.length > PASSWORD_MAX) throw new ServiceError('register.password_long', { max: PASSWORD_MAX });
    if (req.password2 !== undefined && req.password2 !== password) throw new ServiceError('register.password_mismatch');

    const verifyEmail = options.bool('EmailVerificationEnabled');
    const email = verifyEmail ? normaliseEmail(req.email) : '';
    const code = (req.verification_code ?? '').trim();
    if (verifyEmail) {
      if (!email || !code) throw new ServiceError('register.email_code_required');
      if (!isEmail(email)) throw new ServiceError('email.invalid');
    }
    const em = this.deps.em.fork();
    if (await usernameTaken(em, username)) throw new ServiceError('register.username_taken');
    if (verifyEmail && (await emailTaken(em, email))) throw new ServiceError('email.taken');
    if (!(await rateLimits.hit(`register:${ctx.ip}`, limit.count, limit.windowSeconds)))
      throw new ServiceError('register.too_many', undefined, 429);
    if (verifyEmail && !(await verification.consume('email_verify', email, code))) throw new ServiceError('register.code_invalid');

    const hash = await hashPassword(password);
    try {
      await this.create({ username, hash, email, affCode: (req.aff_code ?? '').trim(), host: ctx.host });
    } catch (e) {
      // Two registrations of one name at the same moment: the unique index lets one through.
      if (e instanceof UniqueConstraintViolationException && (await usernameTaken(this.deps.em.fork(), username)))
        throw new ServiceError('register.username_taken');
      throw e;
    }
  }

  private async create(u: { username: string; hash: string; email: string; affCode: string; host?: string }): Promise<void> {
    const { options, clock } = this.deps;
    const now = clock();
    await inTransaction(this.deps.em, async (tx) => {
      const inviter = u.affCode ? await tx.findOne(UserEntity, { aff_code: u.affCode, deleted_at: null }, { fields: ['id', 'username', 'agent_id'] }) : null;
      const agentId = await attachAgentId(tx, u.host, inviter && { id: inviter.id, agentId: inviter.agent_id }, this.deps.dbKind);
      const forNewUser = options.number('QuotaForNewUser');
      const forInvitee = inviter ? options.number('QuotaForInvitee') : 0;
      const forInviter = inviter ? options.number('QuotaForInviter') : 0;
      const id = await tx.insert(UserEntity, {
        username: u.username, password: u.hash, display_name: u.username, email: u.email, role: Role.user, status: UserStatus.enabled,
        quota: forNewUser + forInvitee, aff_code: await freeAffCode(tx), inviter_id: inviter?.id ?? 0, agent_id: agentId, created_at: now,
      });
      const logs: Array<{ user_id: number; username: string; text: string }> = [];
      if (forNewUser > 0) logs.push({ user_id: id, username: u.username, text: giftLogText(options, 'register.log_new_user', forNewUser) });
      if (inviter) {
        if (forInvitee > 0) logs.push({ user_id: id, username: u.username, text: giftLogText(options, 'register.log_invitee', forInvitee) });
        await tx.execute(
          'update users set aff_count = aff_count + 1, aff_quota = aff_quota + ?, aff_history_quota = aff_history_quota + ? where id = ?',
          [forInviter, forInviter, inviter.id],
          'run',
        );
        if (forInviter > 0) logs.push({ user_id: inviter.id, username: inviter.username, text: giftLogText(options, 'register.log_inviter', forInviter) });
      }
      for (const l of logs) await tx.insert(LogEntity, { user_id: l.user_id, username: l.username, type: LogType.system, content: l.text, created_at: now });
    });
  }
}

/** new-api's 4-character code, drawn again on the rare clash. */
async function freeAffCode(tx: EntityManager): Promise<string> {
  for (let i = 0; i < 8; i++) {
    const code = randomAlnum(AFF_CODE_LENGTH + Math.floor(i / 4));
    if (!(await tx.count(UserEntity, { aff_code: code }))) return code;
  }
  return randomAlnum(12);
}
