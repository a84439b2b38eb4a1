// Pure rules of the agents page: which tabs a role gets and opens on (spec 3 "Agents page", §6), money as people
// read it (design agents.md §2), the settlement and level labels, and the embedded rules page's address.
import { AGENT_TABS, AgentLevel, SETTLEMENT_STATUSES, type AgentTab } from '@contract/agents';
import type { RoleName } from '@contract/roles';
import { perUnitOf, type QuotaDisplay } from '@contract/quota-format';

/**
 * The tabs a role may use, in page order: the agent table is the administrator's; agent info is the agent's own
 * account (for the administrator: every agent's settlement records to review); profit orders are the
 * administrator's and the agent's; everyone reads the rules.
 */
export function tabsFor(role: RoleName): AgentTab[] {
  const allowed: Record<AgentTab, boolean> = {
    agentTable: role === 'admin',
    agentRule: true,
    agentInfos: role === 'admin' || role === 'agent',
    orderTables: role === 'admin' || role === 'agent',
  };
  return AGENT_TABS.filter((tab) => allowed[tab]);
}

/** Admin → agent table, agent → agent info, others → the rules. */
export const defaultTab = (role: RoleName): AgentTab => (role === 'admin' ? 'agentTable' : role === 'agent' ? 'agentInfos' : 'agentRule');

/** The ?tab= asked for when this role may use it, else the role's default. */
export function activeTab(role: RoleName, wanted: string | null): AgentTab {
  const tabs = tabsFor(role);
  return tabs.find((tab) => tab === wanted) ?? defaultTab(role);
}

/** Money in the site's currency (yuan) with 2 decimals: 1000.1 -> "¥1000.10". */
export const formatYuan = (n: number): string => `${n < 0 ? '-' : ''}¥${Math.abs(Number.isFinite(n) ? n : 0).toFixed(2)}`;

/**
 * Withdrawable money: share_profit_quota / quota_per_unit (spec 3 §5), cut down to whole cents so that what the page
 * offers never exceeds what the server will pay out.
 */
export function withdrawableMoney(shareProfitQuota: number, display: QuotaDisplay | null): number {
  const money = shareProfitQuota / perUnitOf(display);
  return Number.isFinite(money) && money > 0 ? Math.floor(money * 100 + 1e-6) / 100 : 0;
}

/** i18n key of an agent level (spec 3 §4); unknown levels are shown as numbers. */
export const levelKey = (level: number): string | null =>
  level === AgentLevel.superAgent ? 'agents.level.superAgent' : level === AgentLevel.admin ? 'agents.level.admin' : level === AgentLevel.user ? 'agents.level.user' : null;

export const SETTLEMENT_STATUS_COLOURS: Record<string, string> = { pending: 'orange', completed: 'green', cancelled: 'gray', failed: 'red' };
export const settlementStatusKey = (status: string): string =>
  (SETTLEMENT_STATUSES as readonly string[]).includes(status) ? `agents.settlementStatus.${status}` : 'agents.settlementStatus.unknown';

/** i18n key of a payout platform. */
export const platformKey = (platform: string): string | null =>
  platform === 'weixin' || platform === 'alipay' ? `agents.platform.${platform}` : null;

/**
 * The embedded rules page, told the console's theme and language through `theme` and `lang` (kept or replaced
 * beside the page's own query and hash). Null when the text is not one https:// address.
 */
export function ruleFrameUrl(text: string, theme: 'light' | 'dark', lang: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('https://') || /\s/.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    url.searchParams.set('theme', theme);
    url.searchParams.set('lang', lang);
    return url.toString();
  } catch {
    return null;
  }
}
