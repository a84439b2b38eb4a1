import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { ManagedUser, SubUser } from '@contract/user-admin';
import { renderConsole } from '../../test/render-console';
import { loginUser } from '../../test/fixtures';
import { failure, ok, type RecordedRequest } from '../../test/mock-api';

const signIn = (role: number, id = 1) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ id, role, username: role >= 100 ? 'root' : 'agent' })));

const sub = (o: Partial<SubUser> = {}): SubUser => ({
  id: 10, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default', email: '', quota: 2_500_000, used_quota: 500_000,
  request_count: 12, exclusive_price: 0, created_at: 0, last_login_time: 0, DeletedAt: null, ...o,
});
const managed = (o: Partial<ManagedUser> = {}): ManagedUser => ({
  ...sub(), github_id: '', wechat_id: '', telegram_id: '', linux_do_id: '', aff_count: 0, aff_quota: 0, aff_history_quota: 0,
  inviter_id: 0, referrer_id: 0, agent_id: 0, allow_groups: '', models_ratio: '', order_num: 0, ...o,
});
const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, page_size: 10 });

const adminRows = [
  managed({ id: 1, username: 'superroot', display_name: 'Root User', role: 100 }),
  managed({ id: 10, username: 'alice', agent_id: 7 }),
  managed({ id: 11, username: 'bob', role: 10, status: 2 }),
  managed({ id: 12, username: 'gone', DeletedAt: 1_900_000_000 }),
  managed({ id: 13, username: 'odd', status: 3 }),
];

const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://localhost').searchParams);
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const buttons = (name: string) => within(row(name)).queryAllByRole('button').map((b) => b.textContent?.trim());
const findDrawer = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.arco-drawer');
    if (!el) throw new Error('no drawer yet');
    return el;
  });
const confirm = async () => {
  await waitFor(() => expect(document.querySelector('.arco-popconfirm')).toBeTruthy());
  fireEvent.click(screen.getAllByRole('button', { name: /^OK$/ }).at(-1)!);
};

describe('user page as admin', () => {
  it('lists users 1-based with the remembered page size, the agent-id column and the actions each row allows', async () => {
    signIn(100);
    localStorage.setItem('page-size', '20');
    const { api } = renderConsole('/user', { 'GET /api/user/': page(adminRows, 45), 'GET /api/group/': ['default', 'vip'] });
    await screen.findByText('alice');
    expect(query(api.find('GET', '/api/user/')[0])).toEqual({ p: '1', page_size: '20' });
    expect(screen.getByText('Agent ID')).toBeTruthy();
    expect(within(row('alice')).getByText('7')).toBeTruthy();
    expect(within(row('alice')).getByText('Remaining: $5.00')).toBeTruthy();
    expect(within(row('alice')).getByText('Requests: 12')).toBeTruthy();
    expect(screen.getByText('45 users in total')).toBeTruthy();
    expect(buttons('alice')).toEqual(['Promote', 'Disable', 'Delete', 'Edit']);
    expect(buttons('bob')).toEqual(['Demote', 'Enable', 'Delete', 'Edit']);
    expect(buttons('superroot')).toEqual(['Edit']); // itself: edit only; never disabled, deleted or demoted
    expect(buttons('gone')).toEqual([]);
    expect(within(row('gone')).getByText('Deactivated')).toBeTruthy();
    expect(buttons('odd')).toEqual(['Promote', 'Delete', 'Edit']); // status 3: neither enable nor disable (spec 1 §4)
  });

  it('searches by keyword and group, from page 1', async () => {
    signIn(100);
    const { api } = renderConsole('/user', {
      'GET /api/user/': page(adminRows),
      'GET /api/user/search': page([managed({ username: 'found' })]),
      'GET /api/group/': ['default', 'vip'],
    });
    await screen.findByText('alice');
    fireEvent.change(screen.getByPlaceholderText('ID, username, name or e-mail'), { target: { value: ' ali ' } });
    fireEvent.click(within(screen.getByTestId('user-group-filter')).getAllByText('Select a group')[0]);
    fireEvent.click(await screen.findByText('vip'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('found')).toBeTruthy();
    expect(query(api.find('GET', '/api/user/search')[0])).toEqual({ keyword: 'ali', group: 'vip', p: '1', page_size: '10' });
  });

  it('asks before each action, then takes the row\'s status and role from the answer', async () => {
    signIn(100);
    const { api } = renderConsole('/user', {
      'GET /api/user/': page(adminRows),
      'POST /api/user/manage': (r: RecordedRequest) => {
        const { action } = r.body as { action: string };
        if (action === 'delete') return failure('A super administrator cannot be deleted');
        return ok(managed({ id: 10, username: 'alice', agent_id: 7, ...(action === 'disable' ? { status: 2 } : { role: 10 }) }));
      },
    });
    await screen.findByText('alice');
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable alice? Their sign-ins and access token stop working at once.')).toBeTruthy();
    expect(api.find('POST', '/api/user/manage')).toHaveLength(0);
    await confirm();
    await waitFor(() => expect(api.find('POST', '/api/user/manage')).toHaveLength(1));
    expect(api.find('POST', '/api/user/manage')[0].body).toEqual({ username: 'alice', action: 'disable' });
    expect(await screen.findByText('Operation completed!')).toBeTruthy();
    await waitFor(() => expect(within(row('alice')).getByText('Banned')).toBeTruthy());
    expect(buttons('alice')).toEqual(['Promote', 'Enable', 'Delete', 'Edit']);

    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Promote alice to super agent?')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(within(row('alice')).getByText('Super agent')).toBeTruthy());
  });

  it('adds a user through the drawer, saying what is missing first', async () => {
    signIn(100);
    const { api } = renderConsole('/user', {
      'GET /api/user/': page([]),
      'POST /api/user/': (r: RecordedRequest) => ok(managed({ username: (r.body as { username: string }).username })),
    });
    await screen.findByText('No users');
    fireEvent.click(screen.getByRole('button', { name: /Add user/ }));
    const drawer = await findDrawer();
    fireEvent.click(within(drawer).getByTestId('user-add-submit'));
    expect((await screen.findAllByText('Username and password cannot be empty')).length).toBeGreaterThan(0);
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the username'), { target: { value: 'dave' } });
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the password'), { target: { value: 'short' } });
    fireEvent.click(within(drawer).getByTestId('user-add-submit'));
    expect((await screen.findAllByText('The password must not be shorter than 8 characters')).length).toBeGreaterThan(0);
    expect(api.find('POST', '/api/user/')).toHaveLength(0);
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the display name'), { target: { value: 'Dave' } });
    fireEvent.click(within(drawer).getByTestId('user-add-submit'));
    await waitFor(() => expect(api.find('POST', '/api/user/')).toHaveLength(1));
    expect(api.find('POST', '/api/user/')[0].body).toEqual({ username: 'dave', password: 'long-enough-1', display_name: 'Dave' });
    expect(await screen.findByText('User created!')).toBeTruthy();
  });

  it('edits: checks the model ratios, then sends only what changed', async () => {
    signIn(100);
    const { api } = renderConsole('/user', {
      'GET /api/user/': page(adminRows),
      'GET /api/group/': ['default', 'vip'],
      'PUT /api/user/': () => ok(managed({ id: 10, username: 'alice', display_name: 'Alice B', quota: 3_000_000 })),
    });
    await screen.findByText('alice');
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Edit' }));
    const drawer = await findDrawer();
    expect(within(drawer).getByTestId('user-edit-quota').textContent).toBe('$5.00');
    expect(within(drawer).getByText('Model ratios')).toBeTruthy();
    fireEvent.change(within(drawer).getByPlaceholderText(/JSON, e.g./), { target: { value: '{bad' } });
    fireEvent.click(within(drawer).getByTestId('user-edit-submit'));
    expect((await screen.findAllByText('The model ratios are not a valid JSON string')).length).toBeGreaterThan(0);
    expect(api.find('PUT', '/api/user/')).toHaveLength(0);
    fireEvent.change(within(drawer).getByPlaceholderText(/JSON, e.g./), { target: { value: '' } });
    fireEvent.change(within(drawer).getByPlaceholderText('Enter the display name'), { target: { value: 'Alice B' } });
    const add = within(drawer).getByLabelText('Add quota');
    fireEvent.change(add, { target: { value: '-1' } }); // dollars: the site shows currency
    expect(within(drawer).getByText(/-\$1\.00/)).toBeTruthy();
    fireEvent.blur(add);
    fireEvent.click(within(drawer).getByTestId('user-edit-submit'));
    await waitFor(() => expect(api.find('PUT', '/api/user/')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/')[0].body).toEqual({ id: 10, display_name: 'Alice B', add_quota: -500000 });
    expect(await screen.findByText('User info updated!')).toBeTruthy();
    await waitFor(() => expect(within(row('alice')).getByText('Remaining: $6.00')).toBeTruthy());
  });

  it("moves a user to another agent (or to none) through the agent field, sent as agent_id", async () => {
    signIn(100);
    const { api } = renderConsole('/user', {
      'GET /api/user/': page(adminRows),
      'PUT /api/user/': () => ok(managed({ id: 10, username: 'alice', agent_id: 0 })),
    });
    await screen.findByText('alice');
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Edit' }));
    const drawer = await findDrawer();
    const agentField = within(drawer).getByLabelText('Agent') as HTMLInputElement;
    expect(agentField.value).toBe('7');
    expect(within(drawer).getByText("User ID of the agent this user belongs to; 0 for none")).toBeTruthy();
    fireEvent.change(agentField, { target: { value: '0' } });
    fireEvent.blur(agentField);
    fireEvent.click(within(drawer).getByTestId('user-edit-submit'));
    await waitFor(() => expect(api.find('PUT', '/api/user/')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/')[0].body).toEqual({ id: 10, agent_id: 0 });
  });

  it('says so when nothing changed', async () => {
    signIn(100);
    const { api } = renderConsole('/user', { 'GET /api/user/': page(adminRows) });
    await screen.findByText('alice');
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Edit' }));
    const drawer = await findDrawer();
    fireEvent.click(within(drawer).getByTestId('user-edit-submit'));
    expect(await screen.findByText('You seem to have changed nothing')).toBeTruthy();
    expect(api.find('PUT', '/api/user/')).toHaveLength(0);
  });

  it('opens the edit drawer from /user/edit/{id}', async () => {
    signIn(100);
    renderConsole('/user/edit/10', { 'GET /api/user/': page(adminRows), 'GET /api/user/10': managed({ id: 10, username: 'alice', display_name: 'Deep' }) });
    const drawer = await findDrawer();
    await waitFor(() => expect((within(drawer).getByPlaceholderText('Enter the display name') as HTMLInputElement).value).toBe('Deep'));
  });
});

describe('user page as agent', () => {
  const agentRows = [sub({ id: 10, username: 'alice' }), sub({ id: 11, username: 'bob', status: 2 }), sub({ id: 12, username: 'peer', role: 10 })];

  it('lists its own users through the agent endpoint, without agent ids, add button or admin actions', async () => {
    signIn(10, 7);
    const { api } = renderConsole('/user', { 'GET /api/user/agent/': page(agentRows), 'GET /api/group/': ['default'] });
    await screen.findByText('alice');
    expect(query(api.find('GET', '/api/user/agent/')[0])).toEqual({ p: '1', page_size: '10' });
    expect(api.find('GET', '/api/user/')).toHaveLength(0);
    expect(screen.queryByText('Agent ID')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add user/ })).toBeNull();
    expect(screen.getByText('My users')).toBeTruthy();
    expect(buttons('alice')).toEqual(['Disable', 'Edit']);
    expect(buttons('bob')).toEqual(['Enable', 'Edit']);
    expect(buttons('peer')).toEqual([]);
  });

  it('searches through the agent search endpoint', async () => {
    signIn(10, 7);
    const { api } = renderConsole('/user', { 'GET /api/user/agent/': page(agentRows), 'GET /api/user/search/agent': page([sub({ username: 'found' })]) });
    await screen.findByText('alice');
    fireEvent.change(screen.getByPlaceholderText('ID, username, name or e-mail'), { target: { value: 'fo' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('found')).toBeTruthy();
    expect(query(api.find('GET', '/api/user/search/agent')[0])).toEqual({ keyword: 'fo', p: '1', page_size: '10' });
  });

  it('edits within its limits: no group, allowed groups or model ratios; the server\'s price refusal is shown', async () => {
    signIn(10, 7);
    const { api } = renderConsole('/user', {
      'GET /api/user/agent/': page(agentRows),
      'PUT /api/user/': () => failure('Exclusive price too low: it must be at least 1.1'),
    });
    await screen.findByText('alice');
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Edit' }));
    const drawer = await findDrawer();
    expect(within(drawer).queryByText('Group')).toBeNull();
    expect(within(drawer).queryByText('Allowed groups')).toBeNull();
    expect(within(drawer).queryByText('Model ratios')).toBeNull();
    expect(within(drawer).queryByLabelText('Agent')).toBeNull(); // only admins move a user to another agent
    expect(within(drawer).getByText(/at least 1.1 times the agent's own price/)).toBeTruthy();
    const price = within(drawer).getByLabelText('Exclusive price');
    fireEvent.change(price, { target: { value: '1' } });
    fireEvent.blur(price);
    fireEvent.click(within(drawer).getByTestId('user-edit-submit'));
    await waitFor(() => expect(api.find('PUT', '/api/user/')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/')[0].body).toEqual({ id: 10, exclusive_price: 1 });
    expect(await screen.findByText('Exclusive price too low: it must be at least 1.1')).toBeTruthy();
  });
});

describe('user page as a normal user', () => {
  it('shows no access and calls nothing', async () => {
    signIn(1, 3);
    const { api } = renderConsole('/user', {});
    expect(await screen.findByText('You have no access to user management')).toBeTruthy();
    expect(api.requests.filter((r) => r.path.startsWith('/api/user/') && r.path !== '/api/user/self')).toHaveLength(0);
  });
});
