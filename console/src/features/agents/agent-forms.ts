// The agents page's forms (spec 3 §5; design agents.md §1, §3): add an agent, the settlement account, a settlement
// request. The same checks as the server, in the same order, before anything is sent; the server checks again.
import {
  AGENT_DOMAIN_MAX, BALANCE_ACCOUNT_MAX, BALANCE_USERNAME_MAX, SETTLEMENT_MIN_MONEY, SUPPORTED_BALANCE_PLATFORMS,
  type AddAgentRequest, type AgentAccountRequest, type AgentRow, type SettlementApplyRequest,
} from '@contract/agents';

export interface AddAgentForm {
  /** The user that becomes an agent. */
  agent_id?: number;
  domain: string;
  /** The parent agent's user id; 0 for none. */
  referrer_id?: number;
}

export const emptyAddAgentForm = (): AddAgentForm => ({ agent_id: undefined, domain: '', referrer_id: undefined });

const wholeId = (n: number | undefined, min: number): boolean => n !== undefined && Number.isSafeInteger(n) && n >= min;

/** The i18n key of the first problem, or null. All three are required (spec 3 §5). */
export function addAgentProblem(f: AddAgentForm): string | null {
  if (f.agent_id === undefined || !f.domain.trim() || f.referrer_id === undefined) return 'agents.add.required';
  if (!wholeId(f.agent_id, 1)) return 'agents.add.agentIdInvalid';
  if (!wholeId(f.referrer_id, 0)) return 'agents.add.referrerInvalid';
  if (f.referrer_id === f.agent_id) return 'agents.add.referrerSelf';
  if (f.domain.trim().length > AGENT_DOMAIN_MAX) return 'agents.add.domainTooLong';
  return null;
}

/** The domain is a host name, lower-cased (design agents.md §1). */
export const addAgentRequest = (f: AddAgentForm): AddAgentRequest => ({
  agent_id: f.agent_id ?? 0,
  domain: f.domain.trim().toLowerCase(),
  referrer_id: f.referrer_id ?? 0,
});

export type AccountForm = AgentAccountRequest;

/** The saved account, or WeChat and empty fields for an agent that has none yet. */
export const accountFormOf = (row: AgentRow | null): AccountForm => ({
  balance_platform: row?.balance_platform && (SUPPORTED_BALANCE_PLATFORMS as readonly string[]).includes(row.balance_platform) ? row.balance_platform : 'weixin',
  balance_account: row?.balance_account ?? '',
  balance_username: row?.balance_username ?? '',
});

export function accountProblem(f: AccountForm): string | null {
  if (!(SUPPORTED_BALANCE_PLATFORMS as readonly string[]).includes(f.balance_platform)) return 'agents.account.platformUnsupported';
  if (!f.balance_account.trim()) return 'agents.account.accountRequired';
  if (!f.balance_username.trim()) return 'agents.account.nameRequired';
  if (f.balance_account.trim().length > BALANCE_ACCOUNT_MAX) return 'agents.account.accountTooLong';
  if (f.balance_username.trim().length > BALANCE_USERNAME_MAX) return 'agents.account.nameTooLong';
  return null;
}

export const accountRequest = (f: AccountForm): AgentAccountRequest => ({
  balance_account: f.balance_account.trim(),
  balance_username: f.balance_username.trim(),
  balance_platform: f.balance_platform,
});

/** Whether the agent saved an account to be paid to (the server refuses a request without one). */
export const hasAccount = (row: AgentRow | null): boolean => Boolean(row?.balance_account?.trim() && row.balance_username?.trim());

/**
 * A settlement request of `amount` yuan against `withdrawable` yuan: at least 10 must be withdrawable and asked
 * for ('Withdrawal amount must exceed 10 yuan'), never more than is withdrawable.
 */
export function settlementProblem(amount: number | undefined, withdrawable: number, accountSaved: boolean): string | null {
  if (withdrawable < SETTLEMENT_MIN_MONEY) return 'agents.settle.belowMin';
  if (amount === undefined || !Number.isFinite(amount) || amount <= 0) return 'agents.settle.amountRequired';
  if (amount < SETTLEMENT_MIN_MONEY) return 'agents.settle.belowMin';
  if (Math.round(amount * 100) > Math.round(withdrawable * 100)) return 'agents.settle.aboveWithdrawable';
  if (!accountSaved) return 'agents.settle.accountMissing';
  return null;
}

/** The amount as exact 2-decimal text, as invoices send theirs. */
export const settlementRequest = (amount: number): SettlementApplyRequest => ({ profit: amount.toFixed(2) });
