// User management on the wire (spec 1 "User management", §4-§7; reference §7.5). Admins see every user with the
// full management view; agents see only their own sub-users, with a smaller view (no agent id, no bindings).

export const USER_MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type UserManageAction = (typeof USER_MANAGE_ACTIONS)[number];
/** What an agent may do to its sub-users (spec 1 §4). */
export const AGENT_MANAGE_ACTIONS: readonly UserManageAction[] = ['enable', 'disable'];

/** An agent's sub-user's exclusive price must be at least this times the agent's own (spec 1 §5, §9). */
export const AGENT_PRICE_FACTOR = 1.1;
export const USER_DISPLAY_NAME_MAX = 20;

/** A sub-user as its agent sees it (GET /api/user/agent/, /api/user/search/agent). */
export interface SubUser {
  id: number;
  username: string;
  display_name: string;
  /** 1 normal, 10 agent, 100 super admin. */
  role: number;
  /** 1 active, 2 banned, 3 other. */
  status: number;
  group: string;
  email: string;
  quota: number;
  used_quota: number;
  request_count: number;
  exclusive_price: number;
  created_at: number;
  last_login_time: number;
  /** Unix seconds of the deactivation (manage "delete"), null while the account is live. Irreversible. */
  DeletedAt: number | null;
}

/** A user as a super admin sees it (GET /api/user/, /api/user/search, /api/user/{id}). */
export interface ManagedUser extends SubUser {
  github_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  referrer_id: number;
  /** The agent the user belongs to (0 = none). Admins only. */
  agent_id: number;
  /** Comma list of group names. */
  allow_groups: string;
  /** JSON object: model name -> ratio. */
  models_ratio: string;
  order_num: number;
}

/** A row of the /user table: agents receive only the SubUser fields. */
export type UserRow = SubUser & Partial<Omit<ManagedUser, keyof SubUser>>;

export const SUB_USER_FIELDS = [
  'id', 'username', 'display_name', 'role', 'status', 'group', 'email', 'quota', 'used_quota', 'request_count',
  'exclusive_price', 'created_at', 'last_login_time', 'DeletedAt',
] as const satisfies readonly (keyof SubUser)[];

export const MANAGED_USER_FIELDS = [
  ...SUB_USER_FIELDS, 'github_id', 'wechat_id', 'telegram_id', 'linux_do_id', 'aff_count', 'aff_quota',
  'aff_history_quota', 'inviter_id', 'referrer_id', 'agent_id', 'allow_groups', 'models_ratio', 'order_num',
] as const satisfies readonly (keyof ManagedUser)[];

/** GET /api/user/search and /api/user/search/agent (1-based p). */
export interface UserSearchQuery {
  keyword?: string;
  group?: string;
  p?: number;
  page_size?: number;
}

/** POST /api/user/ (admins; the add-user drawer). */
export interface UserCreateRequest {
  username: string;
  password: string;
  display_name?: string;
}

/**
 * PUT /api/user/ (the edit drawer). Absent fields stay as they are. `add_quota` adds to (or, for admins, takes from)
 * the balance atomically; `quota` sets it outright (admins; an agent may only raise it). Agents may not send
 * allow_groups or models_ratio, nor change the group; role and status change only through POST /api/user/manage.
 */
export interface UserUpdateRequest {
  id: number;
  username?: string;
  display_name?: string;
  /** Empty = keep the current password. */
  password?: string;
  group?: string;
  quota?: number;
  add_quota?: number;
  exclusive_price?: number;
  allow_groups?: string;
  models_ratio?: string;
  /** Admins only: move the user to another agent (0 = none); never to a deleted agent (design agents.md §1). */
  agent_id?: number;
}

/** POST /api/user/manage. The spec's client sends the username; an id is accepted too (reference §16). */
export interface UserManageRequest {
  username?: string;
  id?: number;
  action: UserManageAction;
}
