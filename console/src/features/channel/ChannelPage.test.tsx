import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../test/render-console';
import { loginUser } from '../../test/fixtures';
import { failure, ok, type RecordedRequest } from '../../test/mock-api';
import { channel } from './channel.fixture';

const signInAdmin = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role: 100, username: 'root' })));
const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://localhost').searchParams);
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

const list = [
  channel({ id: 3, name: 'fast', response_time: 800, test_time: 1_900_000_000, balance: 12.5, balance_updated_time: 1_900_000_000, type: 1 }),
  channel({ id: 2, name: 'slow', response_time: 6200, status: 3, other_info: '{"status_reason":"HTTP 401: bad key","status_time":1900000000}' }),
  channel({ id: 1, name: 'off', status: 2, type: 14 }),
];

describe('channel page', () => {
  it('lists channels with 0-based paging, status, coloured response times and balances', async () => {
    signInAdmin();
    const { api } = renderConsole('/channel', { 'GET /api/channel/': list });
    expect(await screen.findByText('fast')).toBeTruthy();
    expect(query(api.find('GET', '/api/channel/')[0])).toEqual({ p: '0', page_size: '10', id_sort: 'false', tag_mode: 'false' });
    expect(within(row('fast')).getByText('Enabled')).toBeTruthy();
    expect(within(row('slow')).getByText('Auto-disabled')).toBeTruthy();
    expect(within(row('off')).getByText('Disabled')).toBeTruthy();
    expect(within(row('fast')).getByText('800 ms').closest('.arco-tag')!.className).toMatch(/green/);
    expect(within(row('slow')).getByText('6.20 s').closest('.arco-tag')!.className).toMatch(/red/);
    expect(within(row('fast')).getByText('$12.50')).toBeTruthy();
    expect(within(row('off')).getByText('Not tested')).toBeTruthy();
    expect(within(row('slow')).getByText('Query')).toBeTruthy(); // a balance never fetched is not shown as $0.00
    expect(within(row('off')).queryByText('Query')).toBeNull(); // Claude has no balance call
  });

  it('tests a channel and shows the time; a failed test shows the server reason', async () => {
    signInAdmin();
    const { api } = renderConsole('/channel', {
      'GET /api/channel/': list,
      'GET /api/channel/test/3': { time: 1.42, model: 'gpt-4o' },
      'GET /api/channel/test/2': () => failure('Test failed: upstream answered HTTP 401: bad key'),
    });
    await screen.findByText('fast');
    fireEvent.click(within(row('fast')).getByText('Test'));
    expect(await screen.findByText('Channel fast answered with gpt-4o in 1.42 s')).toBeTruthy();
    await waitFor(() => expect(within(row('fast')).getByText('1.42 s').closest('.arco-tag')!.className).toMatch(/lime/));
    fireEvent.click(within(row('slow')).getByText('Test'));
    expect(await screen.findByText('Test failed: upstream answered HTTP 401: bad key')).toBeTruthy();
    expect(api.find('GET', '/api/channel/test/2')).toHaveLength(1);
  });

  it('asks for a selection before batch actions', async () => {
    signInAdmin();
    renderConsole('/channel', { 'GET /api/channel/': list });
    await screen.findByText('fast');
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('Please select channels to delete first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Set tag/ }));
    expect(await screen.findByText('Please select channels first')).toBeTruthy();
  });

  it('toggles a channel with the row switch', async () => {
    signInAdmin();
    const { api } = renderConsole('/channel', {
      'GET /api/channel/': list,
      'PUT /api/channel/': (r: RecordedRequest) => ok({ ...list[0], ...(r.body as object) }),
    });
    await screen.findByText('fast');
    fireEvent.click(screen.getByTestId('toggle-3'));
    expect(await screen.findByText('Channel disabled')).toBeTruthy();
    expect(api.find('PUT', '/api/channel/')[0].body).toEqual({ id: 3, status: 2 });
  });
});

describe('channel form', () => {
  const fill = (placeholder: string | RegExp, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

  it('checks the spec rules before sending', async () => {
    signInAdmin();
    renderConsole('/channel/add', { 'GET /api/channel/models': [] });
    const submit = await screen.findByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    expect(await screen.findByText('Please fill in the channel name and key')).toBeTruthy();
    fill('A name to recognise this channel', 'main');
    fill(/one key per line/, 'sk-1\nsk-2');
    fireEvent.click(submit);
    expect(await screen.findByText('Please select at least one model')).toBeTruthy();
  });

  it('creates a channel; a base URL ending in /v1 asks first', async () => {
    signInAdmin();
    const { api } = renderConsole('/channel/add', {
      'GET /api/channel/models': [{ id: 'gpt-4o-mini', object: 'model', created: 1, owned_by: 'openai' }],
      'POST /api/channel/': [channel({ id: 9 }), channel({ id: 10 })],
      'GET /api/channel/': [],
    });
    fill('A name to recognise this channel', 'main');
    fill(/one key per line/, 'sk-1\nsk-2');
    fill('Default: https://api.openai.com', 'https://proxy.example.com/v1/');
    const fillKnown = await screen.findByRole('button', { name: 'Fill in known models' });
    await waitFor(() => expect((fillKnown as HTMLButtonElement).disabled).toBe(false)); // the known list has arrived
    fireEvent.click(fillKnown);
    expect(await screen.findByText('1 models added')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The base URL ends with /v1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.find('POST', '/api/channel/')).toHaveLength(1));
    expect(api.find('POST', '/api/channel/')[0].body).toMatchObject({
      name: 'main', type: 1, key: 'sk-1\nsk-2', base_url: 'https://proxy.example.com/v1', models: 'gpt-4o-mini', group: 'default',
      priority: 0, weight: 0, auto_ban: 1,
    });
    expect(await screen.findByText('2 channels created, one per key')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/channel'));
  });

  it('edits without ever showing the key, and fetches models with the stored one', async () => {
    signInAdmin();
    const { api } = renderConsole('/channel/edit/4', {
      'GET /api/channel/models': [],
      'GET /api/channel/4': channel({ id: 4, name: 'stored', models: 'a' }),
      'GET /api/channel/fetch_models/4': ['x', 'y'],
      'PUT /api/channel/': (r: RecordedRequest) => ok(channel({ ...(r.body as object) })),
      'GET /api/channel/': [],
    });
    expect(await screen.findByDisplayValue('stored')).toBeTruthy();
    expect((screen.getByTestId('channel-key') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /Fetch models/ }));
    expect(await screen.findByText('Fetched 2 models')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.find('PUT', '/api/channel/')).toHaveLength(1));
    const body = api.find('PUT', '/api/channel/')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 4, name: 'stored', models: 'x,y' });
    expect(body).not.toHaveProperty('key');
  });
});
