import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../../test/render-console';
import { loginUser } from '../../../test/fixtures';
import { optionMock } from '../../../test/option-api';

const signIn = (role: number) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const section = (id: string) => screen.getByTestId(`section-${id}`);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = (id: string) => fireEvent.click(screen.getByTestId(`save-${id}`));
const toggle = (label: string) => fireEvent.click(screen.getByRole('switch', { name: label }));

async function openSystem(role = 100, overrides = {}) {
  signIn(role);
  const mock = optionMock(overrides);
  const view = renderConsole('/setting?tab=system', mock.routes);
  await screen.findByTestId('system-tab');
  const puts = () => view.api.find('PUT', '/api/option/').map((r) => r.body);
  return { ...view, mock, puts };
}

describe('system tab as super admin', () => {
  it('reads the full list and says so when nothing changed', async () => {
    const { api, puts } = await openSystem(100, { ServerAddress: 'https://gw.example.com' });
    expect(api.find('GET', '/api/option/all')).toHaveLength(1);
    expect(field('Server address').value).toBe('https://gw.example.com');
    save('general');
    expect(await screen.findByText('You seem to have changed nothing')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('sends only the changed field, without its trailing slash, and refuses an empty server address', async () => {
    const { puts, mock } = await openSystem(100, { ServerAddress: 'https://gw.example.com' });
    type('Server address', '');
    save('general');
    expect(await screen.findByText('Server address is required')).toBeTruthy();
    type('Server address', 'https://api.example.org/');
    type('Midjourney proxy address', 'https://mj.example.org');
    save('general');
    await screen.findByText('Saved');
    expect(puts()).toEqual([
      { key: 'ServerAddress', value: 'https://api.example.org' },
      { key: 'MjServerAddress', value: 'https://mj.example.org' },
    ]);
    expect(mock.stored.ServerAddress).toBe('https://api.example.org');
    await waitFor(() => expect(field('Server address').value).toBe('https://api.example.org'));
  });

  it('checks payment JSON and the server address before sending', async () => {
    const { puts } = await openSystem(100, { ServerAddress: '' });
    type('Top-up amount options', '[10, 20');
    save('payment');
    expect(await screen.findByText('Top-up amount options: not a valid JSON string')).toBeTruthy();
    type('Top-up amount options', '[10, 20]');
    save('payment');
    expect(await screen.findByText('Please fill in and save the server address first')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('keeps a stored secret when only other fields change, and sends a retyped one', async () => {
    const { puts } = await openSystem(100, { EpayKey: 'stored-merchant-key', EpayId: '1001' });
    const key = field('Epay merchant key');
    expect(key.value).toBe('');
    expect(key.getAttribute('placeholder')).toMatch(/^Saved/);
    type('Epay merchant ID', '1002');
    save('payment');
    await screen.findByText('Saved');
    expect(puts()).toEqual([{ key: 'EpayId', value: '1002' }]);
    type('Epay merchant key', 'new-merchant-key');
    save('payment');
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ key: 'EpayKey', value: 'new-merchant-key' });
  });

  it('saves a switch at once, and asks before turning off password login', async () => {
    const { puts } = await openSystem();
    toggle('Allow new users to register');
    await waitFor(() => expect(puts()).toEqual([{ key: 'RegisterEnabled', value: 'false' }]));

    toggle('Allow login with a password');
    const dialog = await screen.findByText('Turn off "Allow login with a password"?');
    expect(screen.getByText(/admins included, could no longer sign in/)).toBeTruthy();
    expect(puts()).toHaveLength(1);
    fireEvent.click(within(dialog.closest('.arco-modal') as HTMLElement).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Turn off "Allow login with a password"?')).toBeNull());
    expect(puts()).toHaveLength(1);

    toggle('Allow login with a password');
    const again = await screen.findByText('Turn off "Allow login with a password"?');
    fireEvent.click(within(again.closest('.arco-modal') as HTMLElement).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(puts()[1]).toEqual({ key: 'PasswordLoginEnabled', value: 'false' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Allow login with a password' }).getAttribute('aria-checked')).toBe('false'));
  });

  it('asks for the client id and secret before GitHub sign-in can be turned on', async () => {
    const { puts } = await openSystem();
    toggle('Allow login and registration with GitHub');
    expect(await screen.findByText('Please set GitHub Client ID, GitHub Client Secret first')).toBeTruthy();
    expect(puts()).toEqual([]);
    expect(within(section('github')).getByText(/callback URL: http:\/\/localhost:3000\/oauth\/github/)).toBeTruthy();
  });

  it('locks SMTP SSL on while the port is 465', async () => {
    await openSystem(100, { SMTPPort: '587', SMTPSSLEnabled: 'false' });
    const ssl = () => screen.getByRole('switch', { name: 'Enable SMTP SSL' });
    expect(ssl().getAttribute('aria-checked')).toBe('false');
    fireEvent.change(field('SMTP port'), { target: { value: '465' } });
    await waitFor(() => expect(ssl().getAttribute('aria-checked')).toBe('true'));
    expect(ssl().hasAttribute('disabled')).toBe(true);
  });

  it('reports a partial failure', async () => {
    const { puts, mock } = await openSystem(100, { ServerAddress: 'https://gw.example.com' });
    mock.failing.set('WorkerUrl', 'worker refused');
    type('Midjourney proxy address', 'https://mj.example.org');
    type('Worker proxy address', 'https://worker.example.org');
    save('general');
    expect(await screen.findByText('worker refused')).toBeTruthy();
    expect(await screen.findByText('Some saves failed, please retry')).toBeTruthy();
    expect(puts()).toHaveLength(2);
    expect(mock.stored.MjServerAddress).toBe('https://mj.example.org');
  });
});

describe('system tab as agent', () => {
  it('is not offered: the system settings are the super admin\'s alone (design agents.md §5)', async () => {
    signIn(10);
    renderConsole('/setting?tab=system', optionMock().routes);
    expect(await screen.findByRole('tab', { name: 'Personal settings' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'System' })).toBeNull();
    expect(screen.queryByTestId('system-tab')).toBeNull();
    expect(screen.queryByLabelText('Server address')).toBeNull();
  });
});
