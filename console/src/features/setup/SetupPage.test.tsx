import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SETUP_RELOAD_DELAY_MS, type SetupStatus } from '@contract/setup';
import { renderConsole } from '../../test/render-console';
import { publicStatus } from '../../test/fixtures';
import { failure, ok } from '../../test/mock-api';

const fresh: SetupStatus = { status: false, root_init: false, database_type: 'sqlite' };
const notSetUp = { 'GET /api/status': publicStatus({ setup: false }) };

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Initialise system' }));

describe('setup page', () => {
  it('validates the admin account with the spec messages', async () => {
    renderConsole('/setup', { ...notSetUp, 'GET /api/setup': fresh });
    await screen.findByText('Database warning');
    submit();
    expect(await screen.findByText('Please enter admin username')).toBeTruthy();
    fill('Enter the admin username', 'admin');
    fill('At least 8 characters', 'short');
    submit();
    expect(await screen.findByText('Password length at least 8 characters')).toBeTruthy();
    fill('At least 8 characters', 'long-enough');
    fill('Enter the password again', 'different!');
    submit();
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
  });

  it('posts the account and usage mode, then reloads after the delay', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const timers = vi.spyOn(window, 'setTimeout');
    const { api } = renderConsole('/setup', { ...notSetUp, 'GET /api/setup': fresh, 'POST /api/setup': null });
    await screen.findByText('Database warning');
    fill('Enter the admin username', ' admin ');
    fill('At least 8 characters', 'secret-pass');
    fill('Enter the password again', 'secret-pass');
    fireEvent.click(screen.getByLabelText('Self-use'));
    submit();
    expect(await screen.findByText('System initialised, reloading…')).toBeTruthy();
    expect(api.find('POST', '/api/setup')[0].body).toEqual({
      username: 'admin', password: 'secret-pass', confirmPassword: 'secret-pass',
      SelfUseModeEnabled: true, DemoSiteEnabled: false,
    });
    const call = timers.mock.calls.find(([, ms]) => ms === SETUP_RELOAD_DELAY_MS);
    expect(call).toBeDefined();
    expect(reload).not.toHaveBeenCalled();
    (call![0] as () => void)();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('sends only the usage mode when root exists, and shows no sqlite warning for PostgreSQL', async () => {
    const { api } = renderConsole('/setup', {
      ...notSetUp,
      'GET /api/setup': { status: false, root_init: true, database_type: 'postgres' },
      'POST /api/setup': () => failure('database is read-only'),
    });
    await screen.findByText(/administrator account already exists/);
    expect(screen.queryByPlaceholderText('Enter the admin username')).toBeNull();
    expect(screen.queryByText('Database warning')).toBeNull();
    fireEvent.click(screen.getByLabelText('Demo site'));
    submit();
    expect(await screen.findByText('database is read-only')).toBeTruthy();
    expect(api.find('POST', '/api/setup')[0].body).toEqual({ SelfUseModeEnabled: false, DemoSiteEnabled: true });
  });

  it('falls back to a generic failure text when the server gives none', async () => {
    renderConsole('/setup', {
      ...notSetUp,
      'GET /api/setup': { ...fresh, root_init: true },
      'POST /api/setup': () => ({ status: 502, json: null }),
    });
    await screen.findByText(/administrator account already exists/);
    submit();
    expect(await screen.findByText('Initialisation failed, please retry')).toBeTruthy();
  });

  it('explains the usage modes in a dialog', async () => {
    renderConsole('/setup', { ...notSetUp, 'GET /api/setup': fresh });
    fireEvent.click(await screen.findByText('What do these modes mean?'));
    expect(await screen.findByText(/models without a price can still be used/)).toBeTruthy();
    expect(screen.getByText(/some functions are read-only/)).toBeTruthy();
  });

  it('redirects to home once the system is set up', async () => {
    renderConsole('/setup', { 'GET /api/setup': { ...fresh, status: true } });
    expect(await screen.findByText('Go to console')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('reports a failed status load', async () => {
    renderConsole('/setup', { ...notSetUp, 'GET /api/setup': () => failure('boom', 500) });
    expect(await screen.findByText('Failed to get initialisation status')).toBeTruthy();
  });
});

describe('setup guard', () => {
  it('sends every path to /setup while the site is not set up', async () => {
    renderConsole('/login', { ...notSetUp, 'GET /api/setup': fresh });
    await waitFor(() => expect(window.location.pathname).toBe('/setup'));
    expect(await screen.findByText('System initialisation')).toBeTruthy();
  });

  it('leaves paths alone once set up, and reports an unreachable server', async () => {
    renderConsole('/login', { 'GET /api/status': () => ok(publicStatus()) });
    expect(await screen.findByText('Username or email')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    renderConsole('/login', { 'GET /api/status': () => failure('down', 500) });
    expect(await screen.findByText('Unable to connect to server')).toBeTruthy();
  });
});
