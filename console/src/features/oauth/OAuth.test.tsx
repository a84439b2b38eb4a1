import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus, selfUser } from '../../test/fixtures';
import { failure, type MockRoute } from '../../test/mock-api';
import { leaveFor } from './use-oauth';
import { FAILURE_REDIRECT_MS, continueUrlOf } from './OAuthCallbackPage';
import { TELEGRAM_WIDGET_SRC } from './TelegramLoginButton';

const allOn = publicStatus({
  github_oauth: true, github_client_id: 'gh-id', github_authorize_url: 'https://gh.example/authorize',
  linuxdo_oauth: true, linuxdo_client_id: 'ld-id', linuxdo_authorize_url: 'https://ld.example/authorize',
  wechat_login: true, wechat_qrcode: 'https://img.example/qr.png', telegram_oauth: true, telegram_bot_name: 'gw_bot',
  server_address: 'https://gw.example.com/',
});
const query = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);
/** The widget's script tag: added by an effect, which may run a tick after the widget's box is on the page. */
const telegramScript = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLScriptElement>(`script[src="${TELEGRAM_WIDGET_SRC}"]`);
    if (!el) throw new Error('no widget script yet');
    return el;
  });
const dialog = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.arco-modal');
    if (!el) throw new Error('no dialog yet');
    return el;
  });
/** Calls the function Telegram's widget would call after the person confirmed. */
function telegramConfirms(user: Record<string, unknown>) {
  const script = document.querySelector<HTMLScriptElement>(`script[src="${TELEGRAM_WIDGET_SRC}"]`);
  const call = script?.getAttribute('data-onauth') ?? '';
  const name = call.replace(/\(user\)$/, '');
  (window as unknown as Record<string, (u: unknown) => void>)[name](user);
}

beforeAll(() => {
  // Never fetch Telegram's script under test.
  type Settings = { disableJavaScriptFileLoading: boolean; handleDisabledFileLoadingAsSuccess: boolean };
  const happy = (window as unknown as { happyDOM?: { settings: Settings } }).happyDOM;
  if (happy) Object.assign(happy.settings, { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true });
});

describe('login page: third-party sign-in', () => {
  it('shows no third-party buttons when the status enables none', async () => {
    renderConsole('/login');
    await screen.findByText('Username or email');
    expect(screen.queryByTestId('oauth-login-options')).toBeNull();
  });

  it('shows only the enabled ones', async () => {
    renderConsole('/login', { 'GET /api/status': publicStatus({ linuxdo_oauth: true, linuxdo_client_id: 'x' }) });
    expect(await screen.findByRole('button', { name: /Sign in with LinuxDO/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /GitHub/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /WeChat/ })).toBeNull();
    expect(screen.queryByTestId('telegram-login')).toBeNull();
  });

  it('GitHub: gets a state (with the stored invite code) and leaves for the authorize page', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    localStorage.setItem(STORAGE_KEYS.aff, 'Inv1');
    const { api } = renderConsole('/login', { 'GET /api/status': allOn, 'GET /api/oauth/state': 'st-123' });
    fireEvent.click(await screen.findByRole('button', { name: /Sign in with GitHub/ }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(query(api.find('GET', '/api/oauth/state')[0].url)).toEqual({ aff: 'Inv1' });
    const url = new URL(go.mock.calls[0][0]);
    expect(url.origin + url.pathname).toBe('https://gh.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'gh-id', state: 'st-123', scope: 'user:email' });
  });

  it('LinuxDO: sends the redirect_uri built from the server address', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    renderConsole('/login', { 'GET /api/status': allOn, 'GET /api/oauth/state': 'st-9' });
    fireEvent.click(await screen.findByRole('button', { name: /Sign in with LinuxDO/ }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(new URL(go.mock.calls[0][0]).searchParams)).toEqual({
      response_type: 'code', client_id: 'ld-id', state: 'st-9', redirect_uri: 'https://gw.example.com/oauth/linuxdo',
    });
  });

  it('WeChat: the dialog shows the QR code, asks for the code, and signs in with it', async () => {
    const user = loginUser({ id: 12, username: 'wechat_12' });
    const { api } = renderConsole('/login', { 'GET /api/status': allOn, 'GET /api/oauth/wechat': user, 'GET /api/token/': [] });
    fireEvent.click(await screen.findByRole('button', { name: /Sign in with WeChat/ }));
    const box = await dialog();
    expect(within(box).getByAltText('Official account QR code').getAttribute('src')).toBe('https://img.example/qr.png');
    fireEvent.click(within(box).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter the verification code')).toBeTruthy();
    expect(api.find('GET', '/api/oauth/wechat')).toHaveLength(0);
    fireEvent.change(within(box).getByPlaceholderText('Enter the verification code'), { target: { value: ' 4821 ' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/token'));
    expect(query(api.find('GET', '/api/oauth/wechat')[0].url)).toEqual({ code: '4821' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);
    expect(await screen.findByText('Login successful!')).toBeTruthy();
  });

  it('WeChat: sends the stored invite code with the code (a sign-up joins that code\'s agent)', async () => {
    localStorage.setItem(STORAGE_KEYS.aff, 'Inv2');
    const { api } = renderConsole('/login', { 'GET /api/status': allOn, 'GET /api/oauth/wechat': loginUser({ id: 13 }), 'GET /api/token/': [] });
    fireEvent.click(await screen.findByRole('button', { name: /Sign in with WeChat/ }));
    const box = await dialog();
    fireEvent.change(within(box).getByPlaceholderText('Enter the verification code'), { target: { value: '4821' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.find('GET', '/api/oauth/wechat')).toHaveLength(1));
    expect(query(api.find('GET', '/api/oauth/wechat')[0].url)).toEqual({ code: '4821', aff: 'Inv2' });
  });

  it('WeChat: a refused code keeps the dialog open with the server message', async () => {
    renderConsole('/login', { 'GET /api/status': allOn, 'GET /api/oauth/wechat': () => failure('The verification code is wrong or has expired') });
    fireEvent.click(await screen.findByRole('button', { name: /Sign in with WeChat/ }));
    const box = await dialog();
    fireEvent.change(within(box).getByPlaceholderText('Enter the verification code'), { target: { value: '1' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The verification code is wrong or has expired')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(document.querySelector('.arco-modal')).toBeTruthy();
  });

  it('Telegram: places the widget for the bot and signs in with the fields it reports', async () => {
    const user = loginUser({ id: 21 });
    const { api } = renderConsole('/login', { 'GET /api/status': allOn, 'GET /api/oauth/telegram/login': user, 'GET /api/token/': [] });
    await screen.findByTestId('telegram-login');
    const script = await telegramScript();
    expect(script.getAttribute('data-telegram-login')).toBe('gw_bot');
    telegramConfirms({ id: 1001, first_name: 'Tele', username: 'tg', auth_date: 1_900_000_000, hash: 'ab12', photo_url: '' });
    await waitFor(() => expect(window.location.pathname).toBe('/token'));
    expect(query(api.find('GET', '/api/oauth/telegram/login')[0].url)).toEqual({
      id: '1001', first_name: 'Tele', username: 'tg', auth_date: '1900000000', hash: 'ab12',
    });
  });
});

describe('OAuth callback page', () => {
  it('signs in with the code and state, once, and goes to the token page', async () => {
    const user = loginUser({ id: 31, username: 'github_31' });
    const { api } = renderConsole('/oauth/github?code=c-1&state=s-1', { 'GET /api/oauth/github': user, 'GET /api/token/': [] });
    await waitFor(() => expect(window.location.pathname).toBe('/token'));
    expect(api.find('GET', '/api/oauth/github')).toHaveLength(1);
    expect(query(api.find('GET', '/api/oauth/github')[0].url)).toEqual({ code: 'c-1', state: 's-1' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);
    expect(await screen.findByText('Login successful!')).toBeTruthy();
  });

  it("says 'Binding successful!' and goes to the settings after a binding", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));
    const { api } = renderConsole('/oauth/linuxdo?code=c-2&state=s-2', {
      'GET /api/oauth/linuxdo': () => ({ json: { success: true, message: 'bind' } }),
      'GET /api/user/self': selfUser({ linux_do_id: '42' }),
    });
    expect(await screen.findByText('Binding successful!')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/setting'));
    expect(api.find('GET', '/api/oauth/linuxdo')).toHaveLength(1);
  });

  it('shows the failure, then goes to /setting (and from there to /login when signed out)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderConsole('/oauth/github?code=c&state=old', {
        'GET /api/oauth/github': () => failure('The sign-in state is missing, expired or already used; please start again', 403),
      });
      expect(await screen.findByText('Operation failed, redirecting to login page')).toBeTruthy();
      expect(screen.getAllByText('The sign-in state is missing, expired or already used; please start again').length).toBeGreaterThan(0);
      expect(window.location.pathname).toBe('/oauth/github');
      await vi.advanceTimersByTimeAsync(FAILURE_REDIRECT_MS + 50);
      await waitFor(() => expect(window.location.pathname).toBe('/login'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on to the agent\'s domain the flow began on, with code and state, signing in nobody here', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const onward = 'https://agent-a.example.com/oauth/github?code=c-3&state=s-3%7Eagent-a.example.com';
    const { api } = renderConsole('/oauth/github?code=c-3&state=s-3~agent-a.example.com', {
      'GET /api/oauth/github': () => ({ json: { success: true, message: 'continue', data: { continue_url: onward } } }),
    });
    await waitFor(() => expect(go).toHaveBeenCalledWith(onward));
    expect(api.find('GET', '/api/oauth/github')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(screen.queryByText('Login successful!')).toBeNull();
  });

  it('never leaves for anything but an http(s) address', () => {
    expect(continueUrlOf({ continue_url: 'javascript:alert(1)' })).toBeNull();
    expect(continueUrlOf({ continue_url: 'https://a.example/oauth/github?code=1' })).toBe('https://a.example/oauth/github?code=1');
    expect(continueUrlOf(undefined)).toBeNull();
    expect(continueUrlOf({ id: 3 })).toBeNull();
  });

  it('passes the provider’s error on to the server', async () => {
    const { api } = renderConsole('/oauth/github?error=access_denied&error_description=denied&state=s', {
      'GET /api/oauth/github': () => failure('GitHub authorization failed: denied'),
    });
    expect(await screen.findByText('Operation failed, redirecting to login page')).toBeTruthy();
    expect(query(api.find('GET', '/api/oauth/github')[0].url)).toEqual({ error: 'access_denied', error_description: 'denied', state: 's' });
  });
});

describe('personal settings: bindings card', () => {
  function render(status = allOn, self = selfUser({ email: '', github_id: '777', telegram_id: '' }), routes: Record<string, MockRoute> = {}) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));
    return renderConsole('/setting', {
      'GET /api/status': status,
      'GET /api/user/self': self,
      'GET /api/user/aff': 'AbCd',
      'GET /api/user/models': [],
      ...routes,
    });
  }
  const row = async (kind: string) => within(await screen.findByTestId(`binding-${kind}`));

  it('shows what is bound, and buttons only for enabled methods (e-mail always)', async () => {
    render(publicStatus({ github_oauth: true, github_client_id: 'gh-id' }));
    expect((await row('github')).getByText('777')).toBeTruthy();
    expect((await row('github')).getByRole('button', { name: 'Change' })).toBeTruthy();
    expect((await row('email')).getByText('Not bound')).toBeTruthy();
    expect((await row('email')).getByRole('button', { name: 'Bind' })).toBeTruthy();
    for (const kind of ['wechat', 'telegram', 'linuxdo']) expect((await row(kind)).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('telegram-login')).toBeNull();
  });

  it('binds GitHub by leaving for the authorize page with a state of this session', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const { api } = render(allOn, selfUser({ github_id: '' }), { 'GET /api/oauth/state': 'st-bind' });
    fireEvent.click((await row('github')).getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(go.mock.calls[0][0]).toContain('state=st-bind');
    expect(api.find('GET', '/api/oauth/state')[0].headers['New-Api-User']).toBe('7');
  });

  it('binds e-mail: sends the code (then counts down), binds with it, reloads', async () => {
    let self = selfUser({ email: '' });
    const { api } = render(allOn, self, {
      'GET /api/user/self': () => ({ json: { success: true, message: '', data: self } }),
      'GET /api/verification': null,
      'GET /api/oauth/email/bind': () => {
        self = selfUser({ email: 'new@example.com' });
        return { json: { success: true, message: 'Email address bound' } };
      },
    });
    fireEvent.click((await row('email')).getByRole('button', { name: 'Bind' }));
    const box = await dialog();
    fireEvent.click(within(box).getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('Email address and verification code are both required')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    fireEvent.change(within(box).getByPlaceholderText('Enter your email address'), { target: { value: 'New@Example.com' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Get code' }));
    expect(await within(box).findByRole('button', { name: /Resend \(30\)/ })).toBeTruthy();
    expect(query(api.find('GET', '/api/verification')[0].url)).toEqual({ email: 'New@Example.com' });
    fireEvent.change(within(box).getByPlaceholderText('Enter the code from the email'), { target: { value: '123456' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('Email bound!')).toBeTruthy();
    expect(query(api.find('GET', '/api/oauth/email/bind')[0].url)).toEqual({ email: 'New@Example.com', code: '123456' });
    expect(await (await row('email')).findByText('new@example.com')).toBeTruthy();
  });

  it('binds WeChat and Telegram, and shows a refusal', async () => {
    const { api } = render(allOn, selfUser({ wechat_id: '', telegram_id: '' }), {
      'GET /api/oauth/wechat/bind': () => failure('This WeChat account is already bound to another user'),
      'GET /api/oauth/telegram/bind': () => ({ json: { success: true, message: 'Bound' } }),
    });
    fireEvent.click((await row('wechat')).getByRole('button', { name: 'Bind' }));
    const box = await dialog();
    fireEvent.change(within(box).getByPlaceholderText('Enter the verification code'), { target: { value: '77' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('This WeChat account is already bound to another user')).toBeTruthy();
    expect(query(api.find('GET', '/api/oauth/wechat/bind')[0].url)).toEqual({ code: '77' });
    telegramConfirms({ id: 55, auth_date: 1, hash: 'ff' });
    expect(await screen.findByText('Binding successful!')).toBeTruthy();
    expect(query(api.find('GET', '/api/oauth/telegram/bind')[0].url)).toEqual({ id: '55', auth_date: '1', hash: 'ff' });
  });
});
