// The signed-in user's own account (spec 1 "Personal settings"; reference §7.2, §7.4): profile and password,
// deactivation, access token, invite code and transfer, usable groups and models, quota warning settings.
// Every call acts on the actor's own row only. Writes that change what the relay caches about a user (quota,
// status, deletion, settings) bump the 'users' epoch in the same transaction.
import type { EntityManager } from '@mikro-orm/knex';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/user.js';
import {
  DISPLAY_NAME_MAX, type NotifySettingsRequest, type NotifySettingsView, type SelfUpdateRequest, type UsableGroups,
} from '../../contract/self.js';
import type { Actor } from '../../app/actor.js';
import type { Clock } from '../../app/clock.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { ChannelCache } from '../../app/cache/channel-cache.js';
import { ServiceError } from '../../app/errors.js';
import { hashPassword, verifyPassword } from '../../app/password.js';
import { randomAlnum } from '../../app/random.js';
import type { Lang } from '../../i18n/lang.js';
import { translate } from '../../i18n/translate.js';
import type { OptionStore } from '../option/option.store.js';
import { UserEntity, type User } from '../user/user.entity.js';
import { SessionEntity } from '../session/session.entity.js';
import { applyNotifySettings, notifyView } from './notify-setting.js';
import { parseAllowGroups, usableGroups } from '../user/user-overrides.js';
import { quotaText } from './quota-text.js';
import { inTransaction } from '../../db/transaction.js';
import type { DbKind } from '../../app/orm.js';
import { LogType, Role } from '../../contract/roles.js';
import { LogEntity } from '../log/log.entity.js';
import { endAgency, lockAgentTree } from '../agent/agent.service.js';

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);

/** A JSON option that should be an object; {} when it is not. */
function jsonObject(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface SelfServiceDeps {
  em: EntityManager;
  clock: Clock;
  epochs: CacheEpochs;
  options: OptionStore;
  dbKind: DbKind;
  channels: ChannelCache;
  /** config notify.webhook_allow_private */
  allowPrivateWebhook: boolean;
}

export class SelfService {
  constructor(private readonly d: SelfServiceDeps) {}

  private async me(actor: Actor, em = this.d.em.fork()): Promise<User> {
    const user = await em.findOne(UserEntity, { id: actor.id, deleted_at: null });
    if (!user) throw new ServiceError('auth.not_logged_in', undefined, 401);
    return user;
  }

  /**
   * Display name and/or password. A new password needs the current one, and ends every other sign-in: the user's
   * auth_version moves on, the calling session (when there is one) is carried over to it, the others are deleted.
   */
  async update(actor: Actor, req: SelfUpdateRequest, currentSessionId: string | null): Promise<{ passwordChanged: boolean }> {
    const user = await this.me(actor);
    const set: { display_name?: string; password?: string } = {};
    if (req.display_name !== undefined) {
      const name = req.display_name.trim();
      if (name.length > DISPLAY_NAME_MAX) throw new ServiceError('self.display_name_too_long', { max: DISPLAY_NAME_MAX });
      if (name !== user.display_name) set.display_name = name;
    }
    if (req.password) {
      if (req.password.length < PASSWORD_MIN || req.password.length > PASSWORD_MAX)
        throw new ServiceError('self.password_length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
      if (!req.original_password) throw new ServiceError('self.original_password_required');
      if (!(await verifyPassword(user.password, req.original_password))) throw new ServiceError('self.original_password_wrong');
      set.password = await hashPassword(req.password);
    }
    if (set.display_name === undefined && set.password === undefined) throw new ServiceError('self.nothing_changed');
    await inTransaction(this.d.em, async (tx) => {
      if (set.display_name !== undefined) await tx.nativeUpdate(UserEntity, { id: user.id }, { display_name: set.display_name });
      if (set.password === undefined) return;
      await tx.execute('update users set password = ?, auth_version = auth_version + 1 where id = ?', [set.password, user.id], 'run');
      const [row] = await tx.execute<{ auth_version: unknown }[]>('select auth_version from users where id = ?', [user.id]);
      const version = Number(row?.auth_version);
      if (currentSessionId) {
        await tx.nativeDelete(SessionEntity, { user_id: user.id, id: { $ne: currentSessionId } });
        await tx.nativeUpdate(SessionEntity, { id: currentSessionId, user_id: user.id }, { auth_version: version });
      } else {
        await tx.nativeDelete(SessionEntity, { user_id: user.id });
      }
    });
    return { passwordChanged: set.password !== undefined };
  }

  /** Deactivates the account (soft delete: the username and e-mail stay taken). Super administrators may not. */
  async deactivate(actor: Actor): Promise<void> {
    const user = await this.me(actor);
    if (user.role >= Role.admin) throw new ServiceError('self.root_cannot_delete');
    await inTransaction(this.d.em, async (tx) => {
      // An agent that leaves is an agent no more: its domain stops branding, its users go to its parent (design §1).
      if (user.role === Role.agent) await lockAgentTree(tx, this.d.dbKind);
      await tx.execute(
        'update users set deleted_at = ?, access_token = null, auth_version = auth_version + 1 where id = ? and deleted_at is null',
        [this.d.clock(), user.id],
        'run',
      );
      await tx.nativeDelete(SessionEntity, { user_id: user.id });
      if (user.role === Role.agent) {
        const ended = await endAgency(tx, user.id, this.d.clock());
        if (ended.changed) {
          await tx.insert(LogEntity, {
            user_id: user.id, username: user.username, created_at: this.d.clock(), type: LogType.manage,
            content: translate('zh', 'agent.ended_log', { count: ended.moved, parent: ended.parent }),
          });
          await this.d.epochs.bump('agents', tx, [user.id]);
          await this.d.epochs.bump('users', tx);
        }
      }
      await this.d.epochs.bump('users', tx, [user.id]);
    });
  }

  /** A new console access token (the old one stops working) and the token itself, shown once. */
  async resetAccessToken(actor: Actor): Promise<string> {
    await this.me(actor);
    for (let attempt = 0; ; attempt++) {
      const token = randomAlnum(32);
      try {
        await this.d.em.fork().nativeUpdate(UserEntity, { id: actor.id }, { access_token: token });
        return token;
      } catch (e) {
        if (!(e instanceof UniqueConstraintViolationException) || attempt >= 3) throw e;
      }
    }
  }

  /** The user's invite code, created on first use (4 characters of [0-9a-zA-Z], longer after collisions). */
  async affCode(actor: Actor): Promise<string> {
    const user = await this.me(actor);
    if (user.aff_code) return user.aff_code;
    for (let attempt = 0; attempt < 6; attempt++) {
      const code = randomAlnum(attempt < 3 ? 4 : 6);
      try {
        const r = await this.d.em.fork().execute(
          "update users set aff_code = ? where id = ? and (aff_code is null or aff_code = '')",
          [code, user.id],
          'run',
        );
        if (affected(r)) return code;
        break; // set meanwhile by a concurrent call: answer that one
      } catch (e) {
        if (!(e instanceof UniqueConstraintViolationException)) throw e;
      }
    }
    const again = await this.me(actor);
    if (!again.aff_code) throw new Error('could not create an invite code');
    return again.aff_code;
  }

  /** Moves invite quota into usable quota (reference §7.2): at least one unit, only what the invite balance holds. */
  async affTransfer(actor: Actor, quota: number, lang: Lang): Promise<void> {
    if (!Number.isSafeInteger(quota) || quota <= 0) throw new ServiceError('self.aff_invalid');
    const perUnit = this.d.options.number('QuotaPerUnit');
    if (quota < perUnit) {
      const amount = quotaText(perUnit, { perUnit, inCurrency: this.d.options.bool('DisplayInCurrencyEnabled') }, lang);
      throw new ServiceError('self.aff_min', { amount });
    }
    await inTransaction(this.d.em, async (tx) => {
      const r = await tx.execute(
        'update users set aff_quota = aff_quota - ?, quota = quota + ? where id = ? and deleted_at is null and aff_quota >= ?',
        [quota, quota, actor.id, quota],
        'run',
      );
      if (!affected(r)) throw new ServiceError('self.aff_insufficient');
      await this.d.epochs.bump('users', tx, [actor.id]);
    });
  }

  /** The groups the user may choose for a token: their own, UserUsableGroups and allow_groups, where GroupRatio prices them. */
  async groups(actor: Actor, lang: Lang): Promise<UsableGroups> {
    const usable = await this.usableGroups(actor, lang);
    const ratios = jsonObject(this.d.options.get('GroupRatio'));
    const out: UsableGroups = {};
    for (const [name, desc] of usable) {
      const ratio = Number(ratios[name]);
      if (name in ratios && Number.isFinite(ratio)) out[name] = { ratio, desc };
    }
    return out;
  }

  /** Distinct names of the models some enabled channel serves in a group the user may use, sorted. */
  async models(actor: Actor): Promise<string[]> {
    const usable = await this.usableGroups(actor, 'zh');
    await this.d.channels.load();
    const names = new Set<string>();
    for (const group of usable.keys()) for (const m of this.d.channels.models(group)) names.add(m);
    return [...names].sort();
  }

  private async usableGroups(actor: Actor, lang: Lang): Promise<Map<string, string>> {
    const user = await this.me(actor);
    return usableGroups(user.group || 'default', jsonObject(this.d.options.get('UserUsableGroups')), parseAllowGroups(user.allow_groups), {
      own: translate(lang, 'self.user_group_desc'), allowed: translate(lang, 'self.allow_group_desc'),
    });
  }

  /** The quota warning settings (spec 1 §7 PUT /api/user/setting); other keys of users.setting are kept. */
  async updateNotifySettings(actor: Actor, req: NotifySettingsRequest, lang: Lang): Promise<NotifySettingsView> {
    for (let attempt = 0; ; attempt++) {
      const user = await this.me(actor);
      const next = applyNotifySettings(user.setting, req, { allowPrivateWebhook: this.d.allowPrivateWebhook, language: lang });
      if (!next.ok) throw new ServiceError(next.error, next.params);
      // Compare-and-set on the old text: a concurrent change to another key of the setting is never lost.
      const saved = await inTransaction(this.d.em, async (tx) => {
        const r = await tx.execute('update users set setting = ? where id = ? and setting = ?', [next.value, user.id, user.setting], 'run');
        if (!affected(r)) return false;
        await this.d.epochs.bump('users', tx, [user.id]);
        return true;
      });
      if (saved) return notifyView(next.value);
      if (attempt >= 3) throw new Error('the user setting kept changing');
    }
  }
}
