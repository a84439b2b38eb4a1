import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';
import { failure } from '../../test/mock-api';

function typeCredentials(username: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('Enter your username or email'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('Enter your password'), { target: { value: password } });
}
// The header has a 'Log in' link too; the form's button is the submit one.
const submit = () => {
  const button = screen.getAllByRole('button', { name: 'Log in' }).find((b) => b.getAttribute('type') === 'submit');
  fireEvent.click(button!);
};

describe('login page', () => {
  it('asks for both fields and sends nothing when one is empty', async () => {
    const { api } = renderConsole('/login');
    await screen.findByText('Username or email');
    submit();
    expect(await screen.findByText('Please enter username and password')).toBeTruthy();
    typeCredentials('alice', '');
    submit();
    expect(api.find('POST', '/api/user/login')).toHaveLength(0);
  });

  it('shows the expiry banner only for ?expired=true', async () => {
    renderConsole('/login?expired=true');
    expect(await screen.findByText('Not logged in or login expired, please log in again')).toBeTruthy();
  });

  it('has no expiry banner on a plain visit', async () => {
    renderConsole('/login');
    await screen.findByText('Username or email');
    expect(screen.queryByText('Not logged in or login expired, please log in again')).toBeNull();
  });

  it('remembers ?aff=CODE', async () => {
    renderConsole('/login?aff=XYZ9');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.aff)).toBe('XYZ9'));
  });

  it('signs in: stores the user and goes to the token page', async () => {
    const user = loginUser({ username: 'alice' });
    const { api } = renderConsole('/login', { 'POST /api/user/login': user, 'GET /api/token/': [] });
    await screen.findByText('Username or email');
    typeCredentials(' alice ', 'password1');
    submit();
    expect(await screen.findByText('Login succeeded')).toBeTruthy();
    expect(api.find('POST', '/api/user/login')[0].body).toEqual({ username: 'alice', password: 'password1' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);
    await waitFor(() => expect(window.location.pathname).toBe('/token'));
    expect(screen.queryByText(/default password/)).toBeNull();
  });

  it('warns about the default root password after signing in with it', async () => {
    renderConsole('/login', { 'POST /api/user/login': loginUser({ username: 'root', role: 100 }), 'GET /api/token/': [] });
    await screen.findByText('Username or email');
    typeCredentials('root', '123456');
    submit();
    expect(await screen.findByText('You are using the default password, please change it at once')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/token'));
  });

  it('shows the server message and stays when the login is refused', async () => {
    renderConsole('/login', { 'POST /api/user/login': () => failure('wrong username or password') });
    await screen.findByText('Username or email');
    typeCredentials('alice', 'bad-password');
    submit();
    expect(await screen.findByText('wrong username or password')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('hides the password form when password login is disabled', async () => {
    renderConsole('/login', { 'GET /api/status': publicStatus({ password_login_enabled: false }) });
    expect(await screen.findByText('Password login has been disabled by the administrator.')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Enter your password')).toBeNull();
  });
});

describe('login guard', () => {
  it('sends visitors without a stored user from /setting to /login', async () => {
    renderConsole('/setting');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});
