import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@contract/user';
import { createI18n } from '../i18n/create-i18n';
import { createApiClient, ApiError } from './client';
import { failure, mockApi, ok, type MockRoute } from '../test/mock-api';
import { loginUser } from '../test/fixtures';

const en = createI18n('en-US');

function setup(routes: Record<string, MockRoute>) {
  const api = mockApi(routes);
  const navigate = vi.fn();
  const notify = { error: vi.fn() };
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    apiBase: 'https://gw.example/',
    navigate,
    notify,
    onUnauthorized,
    t: (key, options) => en.t(key, options) as string,
    language: () => en.language,
  });
  return { ...api, client, navigate, notify, onUnauthorized };
}

describe('api client', () => {
  beforeEach(() => localStorage.clear());

  it('returns data and sends credentials, no-store and the stored user id', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ id: 42 })));
    const { client, requests } = setup({ 'POST /api/thing': { n: 1 } });
    await expect(client.post('/api/thing', { a: 1 })).resolves.toEqual({ n: 1 });
    const [req] = requests;
    expect(req.url).toBe('https://gw.example/api/thing');
    expect(req.credentials).toBe('include');
    expect(req.headers['Cache-Control']).toBe('no-store');
    expect(req.headers['New-Api-User']).toBe('42');
    // server messages come back in the language on screen, whatever the browser's own setting
    expect(req.headers['Accept-Language']).toBe('en-US');
    expect(req.body).toEqual({ a: 1 });
  });

  it('sends no user header when signed out', async () => {
    const { client, requests } = setup({ 'GET /api/thing': 1 });
    await client.get('/api/thing');
    expect(requests[0].headers).not.toHaveProperty('New-Api-User');
  });

  it('401 clears the stored user and goes to /login?expired=true', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));
    const { client, navigate, notify, onUnauthorized } = setup({ 'GET /api/x': () => failure('nope', 401) });
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/login?expired=true');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it.each([
    [429, 'Too many requests, please try again later'],
    [500, 'Internal server error, please contact the administrator'],
    [405, 'This site is a demo only, there is no server'],
  ])('HTTP %i shows its fixed message', async (status, text) => {
    const { client, notify, navigate } = setup({ 'GET /api/x': () => failure('raw', status) });
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenCalledWith(text);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('success:false shows the server message, unless quiet', async () => {
    const { client, notify } = setup({ 'GET /api/x': () => failure('username taken') });
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'envelope', message: 'username taken' });
    expect(notify.error).toHaveBeenCalledWith('username taken');
    notify.error.mockClear();
    await expect(client.get('/api/x', { quiet: true })).rejects.toMatchObject({ message: 'username taken' });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('other failures show "Error: {message}"', async () => {
    const { client, notify } = setup({ 'GET /api/x': () => ({ status: 404, json: 'not json envelope' }) });
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'http', status: 404 });
    expect(notify.error).toHaveBeenCalledWith('Error: HTTP 404');

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(client.get('/api/y')).rejects.toMatchObject({ kind: 'network' });
    expect(notify.error).toHaveBeenLastCalledWith('Error: Failed to fetch');
  });

  it('translates the fixed messages into Chinese', async () => {
    const zh = createI18n('zh-CN');
    mockApi({ 'GET /api/x': () => failure('raw', 429), 'GET /api/ok': () => ok(null) });
    const notify = { error: vi.fn() };
    const client = createApiClient({ apiBase: '', navigate: vi.fn(), notify, t: (k, o) => zh.t(k, o) as string });
    await client.get('/api/x').catch(() => undefined);
    expect(notify.error).toHaveBeenCalledWith('请求次数过多，请稍后再试');
  });
});
