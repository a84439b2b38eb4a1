import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../test/render-console';
import { publicStatus } from '../../test/fixtures';
import { failure } from '../../test/mock-api';
import { fakeTurnstile } from '../../test/fake-turnstile';

const fill = (placeholder: string | RegExp, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('register-submit'));
const fillAccount = (username: string, password: string, password2 = password) => {
  fill('Enter a username (at most 12 characters)', username);
  fill('Enter a password, 8 to 20 characters', password);
  fill('Enter the password again', password2);
};

describe('register page', () => {
  it('registers with username and passwords, sends the remembered invite code, then goes to /login', async () => {
    const { api } = renderConsole('/register?aff=Zx9q', { 'POST /api/user/register': null });
    await screen.findByText('Confirm password');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.aff)).toBe('Zx9q'));
    expect(screen.queryByText('Verification code')).toBeNull();
    fillAccount(' bob ', 'password-1');
    submit();
    expect(await screen.findByText('Registration succeeded')).toBeTruthy();
    const [req] = api.find('POST', '/api/user/register');
    expect(req.url).toBe('/api/user/register');
    expect(req.body).toEqual({ username: 'bob', password: 'password-1', password2: 'password-1', email: '', verification_code: '', aff_code: 'Zx9q' });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('checks the fields with the spec messages and sends nothing', async () => {
    const { api } = renderConsole('/register');
    await screen.findByText('Confirm password');
    submit();
    expect(await screen.findByText('Please enter username and password')).toBeTruthy();
    fillAccount('bob', 'short');
    submit();
    expect(await screen.findByText('Password must not be shorter than 8 characters')).toBeTruthy();
    fillAccount('bob', 'password-1', 'password-2');
    submit();
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    expect(api.find('POST', '/api/user/register')).toHaveLength(0);
  });

  it('shows the server refusal and stays', async () => {
    renderConsole('/register', { 'POST /api/user/register': () => failure('The username is taken or was deactivated') });
    await screen.findByText('Confirm password');
    fillAccount('bob', 'password-1');
    submit();
    expect(await screen.findByText('The username is taken or was deactivated')).toBeTruthy();
    expect(window.location.pathname).toBe('/register');
  });

  it('with e-mail verification: sends the code, counts down 30 s, and registers with e-mail and code', async () => {
    const { api } = renderConsole('/register', {
      'GET /api/status': publicStatus({ email_verification: true }),
      'GET /api/verification': null,
      'POST /api/user/register': null,
    });
    await screen.findByText('Verification code');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    fill('Enter your email address', 'bob@example.com');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('Verification code sent')).toBeTruthy();
    expect(api.find('GET', '/api/verification')[0].url).toBe('/api/verification?email=bob%40example.com');
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/Resend \((30|29) s\)/));
    expect(screen.getByTestId('send-code').hasAttribute('disabled')).toBe(true);

    fillAccount('bob', 'password-1');
    submit();
    expect(await screen.findByText('Please enter your email address and the verification code')).toBeTruthy();
    fill('Enter the code from the email', '123456');
    submit();
    expect(await screen.findByText('Registration succeeded')).toBeTruthy();
    expect(api.find('POST', '/api/user/register')[0].body).toMatchObject({ email: 'bob@example.com', verification_code: '123456' });
  });

  it('says so instead of showing the form when registration is off', async () => {
    renderConsole('/register', { 'GET /api/status': publicStatus({ register_enabled: false }) });
    expect(await screen.findByText('The administrator has turned off new registrations.')).toBeTruthy();
    expect(screen.queryByTestId('register-submit')).toBeNull();
  });

  it('says so when only password registration is off', async () => {
    renderConsole('/register', { 'GET /api/status': publicStatus({ password_register_enabled: false }) });
    expect(await screen.findByText('The administrator has turned off registration with a password.')).toBeTruthy();
  });

  it('with Turnstile: waits for the check, sends its token, and asks for a fresh one after each call', async () => {
    const turnstile = fakeTurnstile({ solve: false });
    const { api } = renderConsole('/register', {
      'GET /api/status': publicStatus({ turnstile_check: true, turnstile_site_key: 'site-key-1' }),
      'POST /api/user/register': () => failure('The username is taken or was deactivated'),
    });
    await screen.findByText('Confirm password');
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    expect((turnstile.api.render as unknown as { mock: { calls: [HTMLElement, { sitekey: string }][] } }).mock.calls[0][1].sitekey).toBe('site-key-1');
    fillAccount('bob', 'password-1');
    submit();
    expect(await screen.findByText('Retry in a few seconds, checking environment')).toBeTruthy();
    expect(api.find('POST', '/api/user/register')).toHaveLength(0);

    act(() => turnstile.widgets.get('w1')!.callback('tok-a'));
    submit();
    expect(await screen.findByText('The username is taken or was deactivated')).toBeTruthy();
    expect(api.find('POST', '/api/user/register')[0].url).toBe('/api/user/register?turnstile=tok-a');
    expect(turnstile.api.reset).toHaveBeenCalledWith('w1');
  });
});
