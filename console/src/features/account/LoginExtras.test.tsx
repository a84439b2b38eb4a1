// What this feature adds to /login: the register and forgot-password links, and the human check.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';
import { fakeTurnstile } from '../../test/fake-turnstile';

const typeCredentials = () => {
  fireEvent.change(screen.getByPlaceholderText('Enter your username or email'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByPlaceholderText('Enter your password'), { target: { value: 'password1' } });
};
const submit = () => fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).find((b) => b.getAttribute('type') === 'submit')!);

describe('login page extras', () => {
  it('links to /register and /reset', async () => {
    renderConsole('/login');
    fireEvent.click(await screen.findByText('Forgot password?'));
    await waitFor(() => expect(window.location.pathname).toBe('/reset'));
    fireEvent.click(await screen.findByText('Log in', { selector: '.gc-auth-links a' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    fireEvent.click(await screen.findByText('Register', { selector: '.gc-auth-links a' }));
    await waitFor(() => expect(window.location.pathname).toBe('/register'));
  });

  it('hides the register link when registration is off', async () => {
    renderConsole('/login', { 'GET /api/status': publicStatus({ register_enabled: false }) });
    await screen.findByText('Forgot password?');
    // the page may first render with the defaults, until /api/status has answered
    await waitFor(() => expect(screen.queryByText('No account yet?')).toBeNull());
  });

  it('needs the human check when on, and sends its token with the sign-in', async () => {
    const turnstile = fakeTurnstile({ solve: false });
    const { api } = renderConsole('/login', {
      'GET /api/status': publicStatus({ turnstile_check: true, turnstile_site_key: 'k' }),
      'POST /api/user/login': loginUser(),
      'GET /api/token/': [],
    });
    await screen.findByText('Username or email');
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    typeCredentials();
    submit();
    expect(await screen.findByText('Retry in a few seconds, checking environment')).toBeTruthy();
    expect(api.find('POST', '/api/user/login')).toHaveLength(0);
    act(() => turnstile.widgets.get('w1')!.callback('tok-login'));
    submit();
    expect(await screen.findByText('Login succeeded')).toBeTruthy();
    expect(api.find('POST', '/api/user/login')[0].url).toBe('/api/user/login?turnstile=tok-login');
  });

  it('sends no token parameter while the check is off', async () => {
    const { api } = renderConsole('/login', { 'POST /api/user/login': loginUser(), 'GET /api/token/': [] });
    await screen.findByText('Username or email');
    expect(screen.queryByTestId('turnstile')).toBeNull();
    typeCredentials();
    submit();
    expect(await screen.findByText('Login succeeded')).toBeTruthy();
    expect(api.find('POST', '/api/user/login')[0].url).toBe('/api/user/login');
  });
});
