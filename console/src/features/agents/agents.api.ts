// Typed calls of the agents page (spec 3 §7 "Orders, invoices, agents, settlement"; design agents.md §1, §3, §6).
// Admins read every agent, every profit order and every settlement; an agent its own row, its sub-users' orders
// and its own settlements. The server scopes every list again.
import type {
  AddAgentRequest, AgentAccountRequest, AgentRow, AgentSearchQuery, SettlementApplyRequest, SettlementQuery, SettlementReviewRequest,
  SettlementRow,
} from '@contract/agents';
import type { OrderFilters, OrderRow } from '@contract/orders';
import type { Page } from '@contract/paging';
import type { ApiClient } from '../../api/client';

const query = (f: object): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== null) q.set(k, String(v));
  return q.toString();
};

export function agentsApi(api: ApiClient, admin: boolean) {
  return {
    /** Admins: the agent table. */
    search: (q: AgentSearchQuery) => api.get<Page<AgentRow>>(`/api/user/search/agents?${query(q)}`),
    add: (req: AddAgentRequest) => api.post<AgentRow>('/api/user/add/agents', req),
    /** Deleting an agent is deleting its user (design agents.md §1). */
    remove: (username: string) => api.post<unknown>('/api/user/manage', { username, action: 'delete' }),
    /** The agent rules: an https:// address to embed, or server-sanitised HTML. */
    ruleContent: () => api.get<string>('/api/agent_page_content'),
    /** The signed-in agent's own row (data.items[0]). */
    self: () => api.get<Page<AgentRow>>('/api/user/agents'),
    saveAccount: (req: AgentAccountRequest) => api.put<unknown>('/api/user/agent', req),
    applySettlement: (req: SettlementApplyRequest) => api.post<SettlementRow>('/api/user/profit', req),
    settlements: (q: SettlementQuery) => api.get<Page<SettlementRow>>(`/api/user/clearing?${query(q)}`),
    review: (req: SettlementReviewRequest) => api.put<SettlementRow>('/api/user/clearing', req),
    /** Profit orders: every order for admins, the sub-users' orders with the commission for an agent. */
    profitOrders: (f: OrderFilters) => api.get<Page<OrderRow>>(`${admin ? '/api/user/profit' : '/api/user/agent/profit'}?${query(f)}`),
  };
}

export type AgentsApi = ReturnType<typeof agentsApi>;
