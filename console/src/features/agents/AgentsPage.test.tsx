import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { AgentRow, SettlementRow } from '@contract/agents';
import type { OrderRow } from '@contract/orders';
import { renderConsole } from '../../test/render-console';
import { loginUser } from '../../test/fixtures';
import { failure, ok, type RecordedRequest } from '../../test/mock-api';

const signIn = (role = 1, id = 7) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role, id })));
const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://localhost').searchParams);
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 10 });
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);
const activeTab = () => document.querySelector('.arco-tabs-header-title-active')?.textContent;
const findDrawer = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.arco-drawer');
    if (!el) throw new Error('no drawer yet');
    return el;
  });
const confirmPopup = async () => {
  await waitFor(() => expect(document.querySelector('.arco-popconfirm')).toBeTruthy());
  return document.querySelector('.arco-popconfirm') as HTMLElement;
};

const agent = (o: Partial<AgentRow> = {}): AgentRow => ({
  agent_id: 21, username: 'agent_a', domain: 'agent-a.test', agent_agent_id: 0, level: 10, user_num: 3, order_num: 4, order_money: 1234.5,
  share_profit: 88.8, share_profit_quota: 25_000_000, balance_account: '', balance_username: '', balance_platform: '', created_at: 1_900_000_000,
  DeletedAt: null, ...o,
});
const settlement = (o: Partial<SettlementRow> = {}): SettlementRow => ({
  id: 5, agent_id: 21, created_time: 1_900_000_000, updated_at: 1_900_000_000, status: 'pending', clearing_quota: 6_000_000, clearing_money: 12,
  balance_account: 'wx-agent-a', balance_username: '张三', balance_platform: 'weixin', ...o,
});
const order = (o: Partial<OrderRow> = {}): OrderRow => ({
  id: 1, create_time: 1_900_000_000, complete_time: 1_900_000_100, user_id: 42, trade_no: 'USR42NOAAA1', pay_type: 'wxpay', amount: 100, money: 800,
  status: 'success', proxy_user_id: 21, agent_commission: 70, ...o,
});

describe('agents page: tabs per role', () => {
  it('opens the agent table for an admin, with all four tabs', async () => {
    signIn(100, 1);
    const { api } = renderConsole('/agents', { 'GET /api/user/search/agents': page([agent()]) });
    expect(await screen.findByText('agent-a.test')).toBeTruthy();
    expect(tabs()).toEqual(['Agent list', 'Agent rules', 'Agent info', 'Profit orders']);
    expect(activeTab()).toBe('Agent list');
    expect(query(api.find('GET', '/api/user/search/agents')[0])).toEqual({ p: '1', page_size: '10' });
    const r = row('agent_a');
    expect(within(r).getByText('Super agent')).toBeTruthy();
    expect(within(r).getByText('¥1234.50')).toBeTruthy();
    expect(within(r).getByText('¥88.80')).toBeTruthy();
    expect(within(r).getByText('¥50.00')).toBeTruthy(); // 25 000 000 quota / 500 000 per unit
    expect(within(r).getByText('None')).toBeTruthy(); // no parent agent
  });

  it('opens agent info for an agent, without the agent table', async () => {
    signIn(10, 21);
    const { api } = renderConsole('/agents', {
      'GET /api/user/agents': page([agent()]),
      'GET /api/user/clearing': page([]),
    });
    expect((await screen.findByTestId('agent-withdrawable')).textContent).toBe('¥50.00');
    expect(tabs()).toEqual(['Agent rules', 'Agent info', 'Profit orders']);
    expect(activeTab()).toBe('Agent info');
    expect(screen.getByTestId('agent-user-num').textContent).toBe('3');
    expect(screen.getByTestId('agent-order-money').textContent).toBe('¥1234.50');
    expect(api.find('GET', '/api/user/search/agents')).toHaveLength(0);
  });

  it('shows an ordinary user only the rules, whatever ?tab= asks for', async () => {
    signIn(1);
    const { api } = renderConsole('/agents?tab=agentTable', { 'GET /api/agent_page_content': '<h2>Join us</h2><p>Earn the spread.</p>' });
    expect(await screen.findByText('Earn the spread.')).toBeTruthy();
    expect(tabs()).toEqual(['Agent rules']);
    expect(api.find('GET', '/api/user/search/agents')).toHaveLength(0);
    expect(api.find('GET', '/api/user/agents')).toHaveLength(0);
  });
});

describe('agents page: agent table (admin)', () => {
  it('checks the add-agent form, then creates the agent and reloads the list', async () => {
    signIn(100, 1);
    let rows = [agent()];
    const { api } = renderConsole('/agents?tab=agentTable', {
      'GET /api/user/search/agents': () => ok(page(rows)),
      'POST /api/user/add/agents': () => {
        rows = [...rows, agent({ agent_id: 30, username: 'agent_b', domain: 'agent-b.test', agent_agent_id: 21 })];
        return ok(rows[1]);
      },
    });
    await screen.findByText('agent_a');
    fireEvent.click(screen.getByRole('button', { name: /Add agent/ }));
    const drawer = await findDrawer();
    fireEvent.change(within(drawer).getByPlaceholderText('User ID of the account that becomes an agent'), { target: { value: '30' } });
    fireEvent.change(within(drawer).getByPlaceholderText('e.g. agent.example.com'), { target: { value: ' Agent-B.test ' } });
    fireEvent.click(within(drawer).getByTestId('add-agent-submit'));
    expect(await screen.findByText('Agent ID, domain and parent ID cannot be empty!')).toBeTruthy();
    expect(api.find('POST', '/api/user/add/agents')).toHaveLength(0);

    fireEvent.change(within(drawer).getByPlaceholderText('User ID of the parent agent, 0 for none'), { target: { value: '21' } });
    fireEvent.click(within(drawer).getByTestId('add-agent-submit'));
    await waitFor(() => expect(api.find('POST', '/api/user/add/agents')).toHaveLength(1));
    expect(api.find('POST', '/api/user/add/agents')[0].body).toEqual({ agent_id: 30, domain: 'agent-b.test', referrer_id: 21 });
    expect(await screen.findByText('Agent relationship created!')).toBeTruthy();
    expect(await screen.findByText('agent_b')).toBeTruthy();
    expect(within(row('agent_b')).getByText('21')).toBeTruthy();
  });

  it("shows the server's refusal of a new agent", async () => {
    signIn(100, 1);
    renderConsole('/agents', {
      'GET /api/user/search/agents': page([]),
      'POST /api/user/add/agents': () => failure('The domain is already used by another agent'),
    });
    await screen.findByText('No agents');
    fireEvent.click(screen.getByRole('button', { name: /Add agent/ }));
    const drawer = await findDrawer();
    fireEvent.change(within(drawer).getByPlaceholderText('User ID of the account that becomes an agent'), { target: { value: '30' } });
    fireEvent.change(within(drawer).getByPlaceholderText('e.g. agent.example.com'), { target: { value: 'agent-a.test' } });
    fireEvent.change(within(drawer).getByPlaceholderText('User ID of the parent agent, 0 for none'), { target: { value: '0' } });
    fireEvent.click(within(drawer).getByTestId('add-agent-submit'));
    expect(await screen.findByText('The domain is already used by another agent')).toBeTruthy();
  });

  it('filters by user id', async () => {
    signIn(100, 1);
    const { api } = renderConsole('/agents', { 'GET /api/user/search/agents': page([agent()]) });
    await screen.findByText('agent_a');
    fireEvent.change(screen.getByPlaceholderText('User ID'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() => expect(api.find('GET', '/api/user/search/agents')).toHaveLength(2));
    expect(query(api.find('GET', '/api/user/search/agents')[1])).toEqual({ user_id: '21', p: '1', page_size: '10' });
  });

  it('deletes an agent (its user) only after the irreversible-deletion confirmation', async () => {
    signIn(100, 1);
    let rows = [agent(), agent({ agent_id: 22, username: 'gone_agent', domain: 'gone.test', DeletedAt: 1_900_000_500 })];
    const { api } = renderConsole('/agents', {
      'GET /api/user/search/agents': () => ok(page(rows)),
      'POST /api/user/manage': () => {
        rows = rows.map((r) => (r.agent_id === 21 ? { ...r, DeletedAt: 1_900_001_000 } : r));
        return ok(null);
      },
    });
    await screen.findByText('agent_a');
    expect(within(row('gone_agent')).queryByRole('button', { name: 'Delete' })).toBeNull(); // already deleted
    expect(within(row('gone_agent')).getByTestId('agent-deleted')).toBeTruthy();
    fireEvent.click(within(row('agent_a')).getByRole('button', { name: 'Delete' }));
    const popup = await confirmPopup();
    expect(within(popup).getByText(/equivalent to deleting the user and is irreversible/)).toBeTruthy();
    expect(api.find('POST', '/api/user/manage')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(api.find('POST', '/api/user/manage')).toHaveLength(1));
    expect(api.find('POST', '/api/user/manage')[0].body).toEqual({ username: 'agent_a', action: 'delete' });
    expect(await screen.findByText('Operation completed!')).toBeTruthy();
    await waitFor(() => expect(within(row('agent_a')).queryByRole('button', { name: 'Delete' })).toBeNull());
  });
});

describe('agents page: agent rules', () => {
  it('embeds an https page, told the theme and language', async () => {
    signIn(1);
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    renderConsole('/agents', { 'GET /api/agent_page_content': 'https://rules.example/agents?from=console' });
    const frame = (await screen.findByTestId('agent-rule-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://rules.example/agents?from=console&theme=dark&lang=en-US');
    expect(screen.queryByTestId('agent-rule-html')).toBeNull();
  });

  it('renders other text as markup, not as an address', async () => {
    signIn(10, 21);
    renderConsole('/agents?tab=agentRule', { 'GET /api/agent_page_content': '<p>Read <a href="https://rules.example">https://rules.example</a></p>' });
    const html = await screen.findByTestId('agent-rule-html');
    expect(html.querySelector('a')?.getAttribute('href')).toBe('https://rules.example');
    expect(screen.queryByTestId('agent-rule-frame')).toBeNull();
  });

  it("says the content failed to load, beside the server's message", async () => {
    signIn(1);
    renderConsole('/agents', { 'GET /api/agent_page_content': () => failure('content store unavailable') });
    expect((await screen.findByTestId('agent-rule-failed')).textContent).toBe('Failed to load agent info content...');
    expect(await screen.findByText('content store unavailable')).toBeTruthy();
  });
});

describe('agents page: agent info (agent)', () => {
  it('requires account and real name, offers Alipay only as not supported yet, then saves', async () => {
    signIn(10, 21);
    let saved = agent();
    const { api } = renderConsole('/agents', {
      'GET /api/user/agents': () => ok(page([saved])),
      'GET /api/user/clearing': page([]),
      'PUT /api/user/agent': (req: RecordedRequest) => {
        saved = { ...saved, ...(req.body as Partial<AgentRow>) };
        return ok(saved);
      },
    });
    await screen.findByTestId('agent-withdrawable');
    const save = screen.getByTestId('agent-account-save');
    fireEvent.click(save);
    expect((await screen.findAllByText('Please enter the settlement account')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByPlaceholderText('The account the profit is paid to'), { target: { value: 'wx-agent-a' } });
    fireEvent.click(save);
    expect((await screen.findAllByText('Please enter the real name')).length).toBeGreaterThan(0);
    expect(api.find('PUT', '/api/user/agent')).toHaveLength(0);

    // the platform list: WeChat chosen, Alipay listed but disabled
    fireEvent.click(within(screen.getByTestId('agent-platform')).getByText('WeChat'));
    const alipay = await screen.findByText('Alipay (not supported yet)');
    expect(alipay.closest('li')?.className).toMatch(/disabled/);
    fireEvent.click(alipay);
    expect(within(screen.getByTestId('agent-platform')).queryByText('Alipay (not supported yet)')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText("The account holder's real name"), { target: { value: '张三' } });
    fireEvent.click(save);
    await waitFor(() => expect(api.find('PUT', '/api/user/agent')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/agent')[0].body).toEqual({ balance_account: 'wx-agent-a', balance_username: '张三', balance_platform: 'weixin' });
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
  });

  it('checks a settlement request against 10 yuan and the withdrawable profit, then applies', async () => {
    signIn(10, 21);
    let quota = 25_000_000;
    let records: SettlementRow[] = [];
    const { api } = renderConsole('/agents?tab=agentInfos', {
      'GET /api/user/agents': () => ok(page([agent({ share_profit_quota: quota, balance_account: 'wx-agent-a', balance_username: '张三', balance_platform: 'weixin' })])),
      'GET /api/user/clearing': () => ok(page(records)),
      'POST /api/user/profit': () => {
        quota -= 6_000_000;
        records = [settlement()];
        return ok(records[0]);
      },
    });
    expect((await screen.findByTestId('agent-settle-withdrawable')).textContent).toBe('¥50.00');
    expect((screen.getByPlaceholderText('The account the profit is paid to') as HTMLInputElement).value).toBe('wx-agent-a');
    const amount = screen.getByPlaceholderText('At least 10');
    const submit = screen.getByTestId('agent-settle-submit');
    fireEvent.change(amount, { target: { value: '9.99' } });
    fireEvent.blur(amount);
    fireEvent.click(submit);
    expect((await screen.findAllByText('Withdrawal amount must exceed 10 yuan')).length).toBeGreaterThan(0);
    fireEvent.change(amount, { target: { value: '50.01' } });
    fireEvent.blur(amount);
    fireEvent.click(submit);
    expect((await screen.findAllByText('The amount cannot exceed the withdrawable ¥50.00')).length).toBeGreaterThan(0);
    expect(api.find('POST', '/api/user/profit')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.blur(amount);
    fireEvent.click(submit);
    await waitFor(() => expect(api.find('POST', '/api/user/profit')).toHaveLength(1));
    expect(api.find('POST', '/api/user/profit')[0].body).toEqual({ profit: '12.00' });
    expect(await screen.findByText('Settlement application successful')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('agent-settle-withdrawable').textContent).toBe('¥38.00'));
    expect(await screen.findByText('wx-agent-a', { selector: 'td *' })).toBeTruthy();
    expect(within(screen.getByTestId('settlement-status').closest('tr') as HTMLElement).getByText('¥12.00')).toBeTruthy();
    expect(screen.getByTestId('settlement-status').textContent).toBe('Pending');
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull(); // agents never review
  });

  it('refuses any request while less than 10 yuan is withdrawable', async () => {
    signIn(10, 21);
    const { api } = renderConsole('/agents', {
      'GET /api/user/agents': page([agent({ share_profit_quota: 4_999_999, balance_account: 'wx', balance_username: 'Z' })]),
      'GET /api/user/clearing': page([]),
    });
    expect((await screen.findByTestId('agent-settle-withdrawable')).textContent).toBe('¥9.99');
    fireEvent.click(screen.getByTestId('agent-settle-all'));
    fireEvent.click(screen.getByTestId('agent-settle-submit'));
    expect((await screen.findAllByText('Withdrawal amount must exceed 10 yuan')).length).toBeGreaterThan(0);
    expect(api.find('POST', '/api/user/profit')).toHaveLength(0);
  });
});

describe('agents page: settlement review (admin)', () => {
  it("lists every agent's settlements and completes, cancels or fails a pending one after a confirmation", async () => {
    signIn(100, 1);
    let rows = [settlement(), settlement({ id: 6, agent_id: 30, status: 'completed', balance_account: 'wx-agent-b', updated_at: 1_900_000_900 })];
    const { api } = renderConsole('/agents?tab=agentInfos', {
      'GET /api/user/clearing': () => ok(page(rows)),
      'PUT /api/user/clearing': (req: RecordedRequest) => {
        const { id, status } = req.body as { id: number; status: string };
        rows = rows.map((r) => (r.id === id ? { ...r, status, updated_at: 1_900_001_000 } : r));
        return ok(rows.find((r) => r.id === id));
      },
    });
    await screen.findByText('wx-agent-a');
    expect(api.find('GET', '/api/user/agents')).toHaveLength(0); // admins have no counters of their own
    expect(within(row('wx-agent-b')).queryByRole('button', { name: 'Complete' })).toBeNull();
    const pending = row('wx-agent-a');
    expect(within(pending).getByText('21')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Fail' })).toBeTruthy();
    fireEvent.click(within(pending).getByRole('button', { name: 'Complete' }));
    const popup = await confirmPopup();
    expect(within(popup).getByText('Mark settlement #5 (¥12.00) as paid?')).toBeTruthy();
    expect(api.find('PUT', '/api/user/clearing')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(api.find('PUT', '/api/user/clearing')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/clearing')[0].body).toEqual({ id: 5, status: 'completed' });
    expect(await screen.findByText('Operation completed!')).toBeTruthy();
    await waitFor(() => expect(within(row('wx-agent-a')).getByText('Completed')).toBeTruthy());
    expect(within(row('wx-agent-a')).queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('filters the settlements by agent and status', async () => {
    signIn(100, 1);
    const { api } = renderConsole('/agents?tab=agentInfos', { 'GET /api/user/clearing': page([settlement()]) });
    await screen.findByText('wx-agent-a');
    fireEvent.change(screen.getByPlaceholderText('Agent ID'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() => expect(api.find('GET', '/api/user/clearing')).toHaveLength(2));
    expect(query(api.find('GET', '/api/user/clearing')[1])).toEqual({ p: '1', page_size: '10', agent_id: '21' });
  });
});

describe('agents page: profit orders', () => {
  it("lets an admin read every profit order with the buyer's agent and commission, filtered", async () => {
    signIn(100, 1);
    const { api } = renderConsole('/agents?tab=orderTables', { 'GET /api/user/profit': page([order()]) });
    expect(await screen.findByText('USR42NOAAA1')).toBeTruthy();
    const r = row('USR42NOAAA1');
    expect(within(r).getByText('21')).toBeTruthy(); // proxy_user_id
    expect(within(r).getByText('¥70.00')).toBeTruthy();
    expect(within(r).getByText('¥800.00')).toBeTruthy();
    expect(within(r).getByText('WeChat Pay')).toBeTruthy();
    expect(within(r).getByText('Paid')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Order number'), { target: { value: ' AAA ' } });
    fireEvent.change(screen.getByPlaceholderText('User ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() => expect(api.find('GET', '/api/user/profit')).toHaveLength(2));
    expect(query(api.find('GET', '/api/user/profit')[1])).toEqual({ p: '1', page_size: '10', trade_no: 'AAA', user_id: '42' });
  });

  it("lets an agent read its sub-users' orders with its commission, without the agent column", async () => {
    signIn(10, 21);
    const { api } = renderConsole('/agents?tab=orderTables', { 'GET /api/user/agent/profit': page([order({ proxy_user_id: undefined })]) });
    expect(await screen.findByText('USR42NOAAA1')).toBeTruthy();
    expect(within(row('USR42NOAAA1')).getByText('¥70.00')).toBeTruthy();
    expect(screen.queryByText('Agent ID')).toBeNull();
    expect(api.find('GET', '/api/user/profit')).toHaveLength(0);
  });
});
