// Registers a user who arrived through a third-party identity (reference §7.1 side effects, §7.7): no password,
// `<prefix>_<id>` as the username, QuotaForNewUser, and, with a valid invite code, QuotaForInvitee for the new
// user and QuotaForInviter as affiliate quota for the inviter, each written as a system log. Runs inside the
// caller's transaction. The gift logs use registration's wording (account/gift-log.ts). The account joins an agent by
// the rule every sign-up shares (agent/attach.ts): the starting page's host, else the invite code.
import type { EntityManager } from '@mikro-orm/knex';
import { LogType, Role, UserStatus } from '../../contract/roles.js';
import { randomAlnum } from '../../app/random.js';
import { giftLogText } from '../account/gift-log.js';
import { isEmail, normaliseEmail } from '../account/email-rules.js';
import { emailTaken } from '../account/account-users.js';
import type { OptionStore } from '../option/option.store.js';
import type { DbKind } from '../../app/orm.js';
import { attachAgentId } from '../agent/attach.js';
import { LogEntity } from '../log/log.entity.js';
import { UserEntity, type User } from '../user/user.entity.js';
import type { BindingField } from './external-account.service.js';

export interface NewExternalUser {
  field: BindingField;
  externalId: string;
  /** `github`, `linuxdo`, `wechat`. */
  usernamePrefix: string;
  displayName: string;
  /** Set only when no other account uses it. */
  email: string;
  /** The inviter's affiliate code; unknown codes are ignored. */
  affCode: string;
  /** Host name of the page that started the sign-in (agent rule). */
  host: string;
}

async function unusedAffCode(tx: EntityManager): Promise<string | null> {
  for (let i = 0; i < 8; i++) {
    const code = randomAlnum(4);
    if (!(await tx.count(UserEntity, { aff_code: code }))) return code;
  }
  return null; // the column is nullable; the code is created on first use of GET /api/user/aff
}

export async function insertExternalUser(tx: EntityManager, n: NewExternalUser, options: OptionStore, now: number, dbKind: DbKind): Promise<User> {
  const inviter = n.affCode ? await tx.findOne(UserEntity, { aff_code: n.affCode, deleted_at: null }) : null;
  const agentId = await attachAgentId(tx, n.host, inviter && { id: inviter.id, agentId: inviter.agent_id }, dbKind);
  const gift = Math.max(0, Math.trunc(options.number('QuotaForNewUser')));
  const inviteeGift = inviter ? Math.max(0, Math.trunc(options.number('QuotaForInvitee'))) : 0;
  const inviterGift = inviter ? Math.max(0, Math.trunc(options.number('QuotaForInviter'))) : 0;
  // The provider's address is kept when it is usable and free; it is stored lower-cased, as registration does.
  const given = normaliseEmail(n.email);
  const email = given && isEmail(given) && !(await emailTaken(tx, given)) ? given : '';
  const id = await tx.insert(UserEntity, {
    // A placeholder until the id is known; the final name below is `<prefix>_<id>` (reference §7.7).
    username: `${n.usernamePrefix}_${randomAlnum(16)}`,
    password: '',
    display_name: n.displayName.slice(0, 64),
    email,
    [n.field]: n.externalId,
    role: Role.user,
    status: UserStatus.enabled,
    quota: gift + inviteeGift,
    aff_code: await unusedAffCode(tx),
    inviter_id: inviter?.id ?? 0,
    agent_id: agentId,
    created_at: now,
    last_login_time: now,
  });
  let username = `${n.usernamePrefix}_${id}`;
  if (await tx.count(UserEntity, { username })) username = `${username}_${randomAlnum(4)}`;
  await tx.nativeUpdate(UserEntity, { id }, { username });
  const log = (userId: number, name: string, content: string) =>
    tx.insert(LogEntity, { user_id: userId, username: name, created_at: now, type: LogType.system, content });
  if (gift > 0) await log(id, username, giftLogText(options, 'register.log_new_user', gift));
  if (inviter) {
    if (inviteeGift > 0) await log(id, username, giftLogText(options, 'register.log_invitee', inviteeGift));
    await tx.execute(
      'update users set aff_count = aff_count + 1, aff_quota = aff_quota + ?, aff_history_quota = aff_history_quota + ? where id = ?',
      [inviterGift, inviterGift, inviter.id],
      'run',
    );
    if (inviterGift > 0) await log(inviter.id, inviter.username, giftLogText(options, 'register.log_inviter', inviterGift));
  }
  return tx.findOneOrFail(UserEntity, { id });
}
