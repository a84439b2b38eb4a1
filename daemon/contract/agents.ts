// Agents (resellers) on the wire (spec 3 "Agents page", §3-§7; design agents.md §1-§3, §6). Money is a decimal
// number of the site's currency (yuan) with at most 2 decimals; the database keeps integer micros. Withdrawable
// profit (`share_profit_quota`) is money × QuotaPerUnit in integer quota units, so "withdrawable / quota_per_unit
// ≥ 10" reads in money. Lists are 1-based and answer {items, total, page, page_size}.

/** Agent level (spec 3 §4): 0 ordinary user, 10 super agent, 100 main-site admin. */
export const AgentLevel = { user: 0, superAgent: 10, admin: 100 } as const;

/** The smallest settlement request, in money (spec 3 §5: 'Withdrawal amount must exceed 10 yuan'). */
export const SETTLEMENT_MIN_MONEY = 10;
/** Payout platforms (spec 3 §5): alipay is listed but refused ('not supported yet'). */
export const BALANCE_PLATFORMS = ['weixin', 'alipay'] as const;
export const SUPPORTED_BALANCE_PLATFORMS = ['weixin'] as const;
export const BALANCE_ACCOUNT_MAX = 255;
export const BALANCE_USERNAME_MAX = 64;
/** An agent's domain: a host name, lower-cased (design §1). */
export const AGENT_DOMAIN_MAX = 255;

/** Settlement statuses (spec 3 §4); every move is from pending, and cancelled/failed give the quota back. */
export const SETTLEMENT_STATUSES = ['pending', 'completed', 'cancelled', 'failed'] as const;
// The SettlementStatus type (and its values) lives in roles.ts beside the other statuses: one name, no clash in index.ts.
export const SETTLEMENT_REVIEW_STATUSES = ['completed', 'cancelled', 'failed'] as const;

/** Agents page tabs (?tab=), in the order the page shows them. */
export const AGENT_TABS = ['agentTable', 'agentRule', 'agentInfos', 'orderTables'] as const;
export type AgentTab = (typeof AGENT_TABS)[number];

/** An agent row (GET /api/user/agents for the agent itself; GET /api/user/search/agents for admins). */
export interface AgentRow {
  agent_id: number;
  /** The agent's username (admins' table; the agent's own row too). */
  username: string;
  domain: string;
  /** Parent agent's user id (0 = none). */
  agent_agent_id: number;
  level: number;
  /** Live sub-users. */
  user_num: number;
  /** Paid orders of its sub-users, and their money (yuan). */
  order_num: number;
  order_money: number;
  /** Lifetime profit (yuan). */
  share_profit: number;
  /** Withdrawable profit in quota units (money × QuotaPerUnit). */
  share_profit_quota: number;
  balance_account: string;
  balance_username: string;
  balance_platform: string;
  created_at: number;
  /** Unix seconds of the deletion, null while the agent is live. */
  DeletedAt: number | null;
}

/** POST /api/user/add/agents (admins): all three required ('agent id, domain, parent id cannot be empty!'). */
export interface AddAgentRequest {
  agent_id: number;
  domain: string;
  /** Parent agent's user id, 0 for none. */
  referrer_id: number;
}

/** GET /api/user/search/agents (admins). */
export interface AgentSearchQuery {
  user_id?: number;
  p?: number;
  page_size?: number;
}

/** PUT /api/user/agent: the agent's payout account. */
export interface AgentAccountRequest {
  balance_account: string;
  balance_username: string;
  balance_platform: string;
}

/** POST /api/user/profit: a settlement request of `profit` yuan. */
export interface SettlementApplyRequest {
  profit: number | string;
}

/** A settlement (clearing) record. */
export interface SettlementRow {
  id: number;
  agent_id: number;
  created_time: number;
  updated_at: number;
  status: string;
  /** Quota held by the request (money × QuotaPerUnit). */
  clearing_quota: number;
  /** The same in yuan. */
  clearing_money: number;
  balance_account: string;
  balance_username: string;
  balance_platform: string;
}

/** PUT /api/user/clearing (admins): a pending settlement becomes completed, cancelled or failed. */
export interface SettlementReviewRequest {
  id: number;
  status: string;
}

/** GET /api/user/clearing. */
export interface SettlementQuery {
  p?: number;
  page_size?: number;
  /** Admins: one agent's rows. */
  agent_id?: number;
  status?: string;
}
