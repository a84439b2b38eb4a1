// The user drawers' state, their checks (spec 1 §5) and request bodies, and which row actions a viewer gets
// (spec 1 §4, §6), kept pure for tests. The server enforces all of it again.
import { PASSWORD_MIN } from '@contract/user';
import { Role, UserStatus } from '@contract/roles';
import type { UserCreateRequest, UserManageAction, UserRow, UserUpdateRequest } from '@contract/user-admin';

export interface AddForm {
  username: string;
  display_name: string;
  password: string;
}

export const emptyAddForm = (): AddForm => ({ username: '', display_name: '', password: '' });

/** The i18n key of the first problem, or null. */
export function validateAddForm(f: AddForm): string | null {
  if (!f.username.trim() || !f.password) return 'userAdmin.form.credentialsRequired';
  if ([...f.password].length < PASSWORD_MIN) return 'userAdmin.form.passwordShort';
  return null;
}

export const createRequest = (f: AddForm): UserCreateRequest => ({
  username: f.username.trim(),
  password: f.password,
  ...(f.display_name.trim() ? { display_name: f.display_name.trim() } : {}),
});

export interface EditForm {
  username: string;
  display_name: string;
  /** Empty keeps the password. */
  password: string;
  group: string;
  /** Added to the balance on save (admins may take with a negative amount). */
  add_quota: number;
  exclusive_price: number;
  allow_groups: string[];
  models_ratio: string;
  /** Admins: the agent the user belongs to (agent user id, 0 = none). */
  agent_id: number;
}

const list = (s: string | undefined): string[] => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

export const formFromUser = (u: UserRow): EditForm => ({
  username: u.username,
  display_name: u.display_name,
  password: '',
  group: u.group,
  add_quota: 0,
  exclusive_price: u.exclusive_price,
  allow_groups: list(u.allow_groups),
  models_ratio: u.models_ratio ?? '',
  agent_id: u.agent_id ?? 0,
});

export function validateEditForm(f: EditForm, admin: boolean): string | null {
  if (!f.username.trim()) return 'userAdmin.form.usernameRequired';
  if (f.password && [...f.password].length < PASSWORD_MIN) return 'userAdmin.form.passwordShort';
  if (!Number.isSafeInteger(f.add_quota)) return 'userAdmin.form.quotaInvalid';
  if (!admin && f.add_quota < 0) return 'userAdmin.form.negativeQuota';
  if (!Number.isFinite(f.exclusive_price) || f.exclusive_price < 0) return 'userAdmin.form.priceInvalid';
  if (admin && (!Number.isSafeInteger(f.agent_id) || f.agent_id < 0)) return 'userAdmin.form.agentIdInvalid';
  if (admin && f.models_ratio.trim()) {
    try {
      JSON.parse(f.models_ratio);
    } catch {
      return 'userAdmin.form.modelsRatioInvalid';
    }
  }
  return null;
}

/** Only what changed, plus the id; null when nothing did. Agents never send the admin-only fields. */
export function updateRequest(u: UserRow, f: EditForm, admin: boolean): UserUpdateRequest | null {
  const req: UserUpdateRequest = { id: u.id };
  if (f.username.trim() !== u.username) req.username = f.username.trim();
  if (f.display_name.trim() !== u.display_name) req.display_name = f.display_name.trim();
  if (f.password) req.password = f.password;
  if (f.add_quota !== 0) req.add_quota = f.add_quota;
  if (f.exclusive_price !== u.exclusive_price) req.exclusive_price = f.exclusive_price;
  if (admin) {
    if (f.group && f.group !== u.group) req.group = f.group;
    const allow = f.allow_groups.join(',');
    if (allow !== list(u.allow_groups).join(',')) req.allow_groups = allow;
    if (f.models_ratio.trim() !== (u.models_ratio ?? '').trim()) req.models_ratio = f.models_ratio.trim();
    if (f.agent_id !== (u.agent_id ?? 0)) req.agent_id = f.agent_id;
  }
  return Object.keys(req).length > 1 ? req : null;
}

export interface Viewer {
  id: number;
  role: number;
}

const isAdmin = (v: Viewer) => v.role >= Role.admin;

/** The row's manage actions for this viewer, in display order; deactivated rows get none (spec 1 §4). */
export function rowActions(v: Viewer, u: UserRow): UserManageAction[] {
  if (u.DeletedAt !== null) return [];
  if (u.role >= v.role) return []; // same or higher role: the server refuses, so nothing is offered
  const out: UserManageAction[] = [];
  if (isAdmin(v) && u.role === Role.user) out.push('promote');
  if (isAdmin(v) && u.role === Role.agent) out.push('demote');
  if (u.status === UserStatus.enabled) out.push('disable');
  if (u.status === UserStatus.disabled) out.push('enable');
  if (isAdmin(v)) out.push('delete');
  return out;
}

/** Whether the viewer may open the edit drawer for this row. */
export const canEdit = (v: Viewer, u: UserRow): boolean => u.DeletedAt === null && (u.id === v.id || u.role < v.role);
