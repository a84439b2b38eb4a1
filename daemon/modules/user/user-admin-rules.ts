// The rules of user management as pure functions (spec 1 §4-§6, reference §7.5): who may act on whom, what an
// edit may change, and what each manage action does. The service adds the database; the CLI and /api share both.
import { Role, UserStatus } from '../../contract/roles.js';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../contract/user.js';
import {
  AGENT_MANAGE_ACTIONS, AGENT_PRICE_FACTOR, USER_DISPLAY_NAME_MAX, USER_MANAGE_ACTIONS, type UserManageAction,
  type UserUpdateRequest,
} from '../../contract/user-admin.js';
import { isAdmin, type Actor } from '../../app/actor.js';
import { ServiceError } from '../../app/errors.js';
import { MAX_QUOTA } from '../../billing/bounds.js';

/** The parts of a stored user the rules look at. */
export interface Target {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
  agent_id: number;
  exclusive_price: number;
  allow_groups: string;
  models_ratio: string;
  deleted_at?: number | null;
}

export const ALLOW_GROUPS_MAX = 1024;
const CONTROL_OR_SPACE = /[\s\p{Cc}\p{Cf}]/u;

/** The CLI's system actor (id 0) stands above every account, like new-api's root. */
export const isSystem = (a: Actor): boolean => a.id === 0;
/** Super administrators (and the CLI) manage everyone; agents only their own sub-users. */
export const managesAll = (a: Actor): boolean => isAdmin(a);

/**
 * May `actor` see and act on `target` at all? Admins: anyone. Agents: users whose agent id is theirs. A refusal
 * answers as "not found", so an agent cannot probe for other users.
 */
export function inScope(actor: Actor, target: Pick<Target, 'agent_id'>): boolean {
  if (managesAll(actor)) return true;
  return actor.id !== 0 && target.agent_id === actor.id;
}

/** Nobody acts on a user of the same or a higher role, except on themselves and the CLI on anyone. */
export function checkRank(actor: Actor, target: Pick<Target, 'id' | 'role'>): void {
  if (isSystem(actor) || actor.id === target.id) return;
  if (target.role >= actor.role) throw new ServiceError('user_admin.rank');
}

/**
 * Reading and editing: as checkRank, except that an agent may edit its own sub-agents (design agents.md §2: a parent
 * sets its sub-agent's price and gives it quota). Manage actions keep checkRank.
 */
export function checkEditRank(actor: Actor, target: Pick<Target, 'id' | 'role' | 'agent_id'>): void {
  if (actor.role === Role.agent && actor.id > 0 && target.role === Role.agent && target.agent_id === actor.id) return;
  checkRank(actor, target);
}

export function checkUsername(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (!name) throw new ServiceError('user_admin.credentials_required');
  if ([...name].length > USERNAME_MAX) throw new ServiceError('user_admin.username_too_long', { max: USERNAME_MAX });
  if (CONTROL_OR_SPACE.test(name)) throw new ServiceError('user_admin.username_invalid');
  return name;
}

export function checkPassword(raw: string): string {
  const length = [...raw].length;
  if (length < PASSWORD_MIN) throw new ServiceError('user_admin.password_short', { min: PASSWORD_MIN });
  if (length > PASSWORD_MAX) throw new ServiceError('user_admin.password_long', { max: PASSWORD_MAX });
  return raw;
}

export function checkDisplayName(raw: string | undefined, fallback: string): string {
  const name = (raw ?? '').trim() || fallback;
  if ([...name].length > USER_DISPLAY_NAME_MAX) throw new ServiceError('user_admin.display_name_too_long', { max: USER_DISPLAY_NAME_MAX });
  return name;
}

/** Validated fields of the add-user drawer. */
export function checkCreate(req: { username?: string; password?: string; display_name?: string }) {
  if (!(req.username ?? '').trim() || !req.password) throw new ServiceError('user_admin.credentials_required');
  const username = checkUsername(req.username);
  return { username, password: checkPassword(req.password), display_name: checkDisplayName(req.display_name, username) };
}

const isWholeQuota = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && Math.abs(n) <= MAX_QUOTA;

/** How the balance moves: by a delta (atomic), or to a value (admins; agents only upward). */
export type QuotaChange = { kind: 'add'; delta: number } | { kind: 'set'; value: number; onlyRaise: boolean };

export interface EditPlan {
  /** `agent_id` (admins): the service still checks that the new agent is live and that no cycle forms. */
  fields: Partial<Pick<Target, 'username' | 'display_name' | 'group' | 'exclusive_price' | 'allow_groups' | 'models_ratio' | 'agent_id'>>;
  /** A new password in clear (the service hashes it and ends the user's sessions). */
  password?: string;
  quota?: QuotaChange;
}

export interface EditContext {
  /** Groups that exist (keys of GroupRatio). */
  groups: ReadonlySet<string>;
  /**
   * The acting agent's effective top-up price (design agents.md §2: its exclusive price if > 0, else the site's
   * Price × TopupGroupRatio of its group); unused for admins.
   */
  agentPrice: number;
}

/** The lowest exclusive price an agent may give a sub-user, rounded up to 6 decimals so 1.1 × 1.0 is 1.1. */
export const minimumAgentPrice = (agentPrice: number): number =>
  agentPrice > 0 ? Math.ceil(agentPrice * AGENT_PRICE_FACTOR * 1e6 - 1e-6) / 1e6 : 0;

/** PUT /api/user/ as it arrives: numbers may be null (= not sent); role and status only to refuse changing them. */
export type EditInput = Omit<UserUpdateRequest, 'quota' | 'add_quota' | 'exclusive_price' | 'agent_id'> & {
  quota?: number | null;
  add_quota?: number | null;
  exclusive_price?: number | null;
  agent_id?: number | null;
  role?: number | null;
  status?: number | null;
};

/** Checks an edit against the actor's limits (spec 1 §5, §6) and says what to write. */
export function planEdit(actor: Actor, target: Target, req: EditInput, ctx: EditContext): EditPlan {
  const admin = managesAll(actor);
  const plan: EditPlan = { fields: {} };
  // Role and status move only through manage, where their own rules apply (reference §7.5).
  if (req.role !== undefined && req.role !== null && Number(req.role) !== target.role) throw new ServiceError('user_admin.role_via_manage');
  if (req.status !== undefined && req.status !== null && Number(req.status) !== target.status) throw new ServiceError('user_admin.status_via_manage');

  if (!admin) {
    if (req.allow_groups !== undefined) throw new ServiceError('user_admin.agent_allow_groups_forbidden');
    if (req.models_ratio !== undefined) throw new ServiceError('user_admin.agent_models_ratio_forbidden');
    if (req.group !== undefined && req.group.trim() !== target.group) throw new ServiceError('user_admin.agent_group_forbidden');
    // Only the administrator moves users between agents (design agents.md §1), even to where they already are.
    if (req.agent_id !== undefined && req.agent_id !== null) throw new ServiceError('user_admin.agent_move_forbidden');
  }

  if (req.username !== undefined) {
    const username = checkUsername(req.username);
    if (username !== target.username) plan.fields.username = username;
  }
  if (req.display_name !== undefined) {
    const display = checkDisplayName(req.display_name, plan.fields.username ?? target.username);
    if (display !== target.display_name) plan.fields.display_name = display;
  }
  if (req.password) plan.password = checkPassword(req.password);

  if (admin && req.group !== undefined) {
    const group = req.group.trim() || 'default';
    if (group !== target.group) {
      if (!ctx.groups.has(group)) throw new ServiceError('user_admin.group_invalid', { group });
      plan.fields.group = group;
    }
  }

  if (req.exclusive_price !== undefined && req.exclusive_price !== null) {
    const price = req.exclusive_price;
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price > 1e9) throw new ServiceError('user_admin.exclusive_price_invalid');
    if (price !== target.exclusive_price) {
      if (!admin) {
        const min = minimumAgentPrice(ctx.agentPrice);
        if (price < min) throw new ServiceError('user_admin.exclusive_price_low', { min });
      }
      plan.fields.exclusive_price = price;
    }
  }

  if (admin && req.agent_id !== undefined && req.agent_id !== null) {
    const to = req.agent_id;
    if (typeof to !== 'number' || !Number.isSafeInteger(to) || to < 0) throw new ServiceError('user_admin.agent_id_invalid');
    if (to !== target.agent_id) {
      if (to === target.id) throw new ServiceError('user_admin.agent_self');
      plan.fields.agent_id = to;
    }
  }

  if (admin && req.allow_groups !== undefined) {
    const allow = checkAllowGroups(req.allow_groups, target.allow_groups, ctx.groups);
    if (allow !== target.allow_groups) plan.fields.allow_groups = allow;
  }
  if (admin && req.models_ratio !== undefined) {
    const ratios = checkModelsRatio(req.models_ratio);
    if (ratios !== target.models_ratio) plan.fields.models_ratio = ratios;
  }

  plan.quota = planQuota(admin, req);
  return plan;
}

function planQuota(admin: boolean, req: Pick<EditInput, 'quota' | 'add_quota'>): QuotaChange | undefined {
  const { quota, add_quota: add } = req;
  if (quota !== undefined && quota !== null && add !== undefined && add !== null && add !== 0) throw new ServiceError('user_admin.quota_both');
  if (add !== undefined && add !== null) {
    if (!isWholeQuota(add)) throw new ServiceError('user_admin.quota_invalid', { max: MAX_QUOTA });
    if (add < 0 && !admin) throw new ServiceError('user_admin.agent_negative_quota');
    return add === 0 ? undefined : { kind: 'add', delta: add };
  }
  if (quota !== undefined && quota !== null) {
    if (!isWholeQuota(quota)) throw new ServiceError('user_admin.quota_invalid', { max: MAX_QUOTA });
    if (quota < 0) throw new ServiceError(admin ? 'user_admin.quota_negative' : 'user_admin.agent_negative_quota');
    return { kind: 'set', value: quota, onlyRaise: !admin };
  }
  return undefined;
}

/** A comma list of existing group names, trimmed and without repeats. Names kept from before need not exist still. */
export function checkAllowGroups(raw: string, stored: string, groups: ReadonlySet<string>): string {
  if (raw.length > ALLOW_GROUPS_MAX) throw new ServiceError('user_admin.allow_groups_too_long', { max: ALLOW_GROUPS_MAX });
  const before = new Set(stored.split(',').map((s) => s.trim()).filter(Boolean));
  const names = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  for (const g of names) if (!groups.has(g) && !before.has(g)) throw new ServiceError('user_admin.group_invalid', { group: g });
  return names.join(',');
}

/** models_ratio: empty, or a JSON object of model name -> number ≥ 0 (spec 1 §5: "must be valid JSON"). */
export function checkModelsRatio(raw: string): string {
  const text = raw.trim();
  if (!text) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ServiceError('user_admin.models_ratio_invalid');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ServiceError('user_admin.models_ratio_shape');
  for (const v of Object.values(parsed as Record<string, unknown>)) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new ServiceError('user_admin.models_ratio_shape');
  }
  return JSON.stringify(parsed);
}

export function checkAction(raw: unknown): UserManageAction {
  if (typeof raw !== 'string' || !(USER_MANAGE_ACTIONS as readonly string[]).includes(raw)) throw new ServiceError('user_admin.action_invalid');
  return raw as UserManageAction;
}

/** What a manage action writes; `endSessions` also clears the access token when `revokeToken`. */
export interface ManagePlan {
  changes: { role?: number; status?: number; deleted?: true };
  /** Sessions end (auth_version moves) — disable, delete, role change. */
  endSessions: boolean;
  /** The access token stops working — disable and delete. */
  revokeToken: boolean;
}

/** The rules of POST /api/user/manage (spec 1 §4, reference §7.5), rank and scope already checked. */
export function planManage(actor: Actor, target: Target, action: UserManageAction): ManagePlan {
  if (!managesAll(actor) && !AGENT_MANAGE_ACTIONS.includes(action)) throw new ServiceError('user_admin.agent_action_forbidden');
  const superAdmin = target.role >= Role.admin;
  switch (action) {
    case 'disable':
      if (superAdmin) throw new ServiceError('user_admin.root_disable');
      return { changes: { status: UserStatus.disabled }, endSessions: true, revokeToken: true };
    case 'enable':
      if (target.status === UserStatus.other) throw new ServiceError('user_admin.enable_unavailable');
      return { changes: { status: UserStatus.enabled }, endSessions: false, revokeToken: false };
    case 'delete':
      if (superAdmin) throw new ServiceError('user_admin.root_delete');
      return { changes: { deleted: true }, endSessions: true, revokeToken: true };
    case 'promote':
      if (!isSystem(actor) && actor.role < Role.admin) throw new ServiceError('user_admin.role_change_forbidden');
      if (target.role !== Role.user) throw new ServiceError('user_admin.promote_only_common');
      return { changes: { role: Role.agent }, endSessions: true, revokeToken: false };
    case 'demote':
      if (!isSystem(actor) && actor.role < Role.admin) throw new ServiceError('user_admin.role_change_forbidden');
      if (superAdmin) throw new ServiceError('user_admin.root_demote');
      if (target.role <= Role.user) throw new ServiceError('user_admin.already_common');
      return { changes: { role: Role.user }, endSessions: true, revokeToken: false };
  }
}
