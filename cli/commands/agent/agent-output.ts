// How `gateway agent list` shows agents: a plain aligned table (pipes and logs stay readable).
import type { AgentRow } from '../../../daemon/contract/agents.js';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { width } from '../user/user-output.js';
import { agentText, type AgentTextKey } from './agent-texts.js';

const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - width(s)));

const COLUMNS: Array<[AgentTextKey, (a: AgentRow, lang: Lang) => string]> = [
  ['col.id', (a) => String(a.agent_id)],
  ['col.username', (a) => a.username],
  ['col.domain', (a) => a.domain],
  ['col.parent', (a) => (a.agent_agent_id ? String(a.agent_agent_id) : '-')],
  ['col.users', (a) => String(a.user_num)],
  ['col.orders', (a) => String(a.order_num)],
  ['col.order_money', (a) => a.order_money.toFixed(2)],
  ['col.profit', (a) => a.share_profit.toFixed(2)],
  ['col.state', (a, lang) => agentText(lang, a.DeletedAt === null ? 'state.live' : 'state.deleted')],
];

/** The rows as an aligned table with a header line; control characters in names are shown as '?'. */
export function agentTable(lang: Lang, rows: readonly AgentRow[]): string[] {
  const clean = (s: string) => s.replace(/[\p{Cc}\p{Cf}]/gu, '?');
  const cells = [COLUMNS.map(([k]) => agentText(lang, k)), ...rows.map((a) => COLUMNS.map(([, f]) => clean(f(a, lang))))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((r) => width(r[i]))));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : pad(c, widths[i]))).join('  ').trimEnd());
}
