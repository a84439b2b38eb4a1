import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../../test/render-console';
import { loginUser, selfUser } from '../../../test/fixtures';
import { failure, ok, type MockRoute, type RecordedRequest } from '../../../test/mock-api';
import { affLink, transferProblem } from './invite';
import { notifyFormOf, notifyFormProblem, notifyRequest } from './notify-form';
import { passwordFormProblem } from './password-form';

const signIn = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));
// Generous waits: the whole console renders, and the machine may be busy.
const slow = { timeout: 5000 };
const card = (id: string) => screen.findByTestId(id, {}, slow);
const openModal = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.arco-modal');
    if (!el) throw new Error('no dialog yet');
    return el;
  }, slow);
const clipboard = () => {
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  return writeText;
};

function render(routes: Record<string, MockRoute> = {}, self = selfUser({ aff_quota: 1_200_000, aff_history_quota: 1_700_000, aff_count: 3 })) {
  signIn();
  return renderConsole('/setting', {
    'GET /api/user/self': self,
    'GET /api/user/aff': 'AbCd',
    'GET /api/user/models': ['gpt-4o-mini', 'claude-3-haiku'],
    ...routes,
  });
}

describe('personal tab: invite card', () => {
  it('shows the invite link, the counters, and copies the link', async () => {
    const writeText = clipboard();
    render();
    const invite = await card('invite-card');
    const link = `${window.location.origin}/register?aff=AbCd`;
    await waitFor(() => expect((within(invite).getByLabelText('Invite link') as HTMLInputElement).value).toBe(link));
    expect(within(invite).getByText('$2.40')).toBeTruthy(); // 1 200 000 waiting
    expect(within(invite).getByText('$3.40')).toBeTruthy(); // 1 700 000 in total
    expect(within(invite).getByText('3')).toBeTruthy();
    fireEvent.click(within(invite).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
  });

  it('transfers at least one unit, then reloads the balances', async () => {
    const { api } = render({ 'POST /api/user/aff_transfer': ok(undefined) });
    fireEvent.click(await screen.findByTestId('aff-transfer-open', {}, slow));
    const dialog = await openModal();
    const amount = within(dialog).getByLabelText('Amount to transfer');
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.blur(amount);
    expect(await within(dialog).findByText('The minimum transfer amount is $1.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('aff-transfer-submit'));
    expect(api.find('POST', '/api/user/aff_transfer')).toHaveLength(0);
    fireEvent.change(amount, { target: { value: '600000' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(within(dialog).queryByText('The minimum transfer amount is $1.00')).toBeNull());
    const selfCalls = api.find('GET', '/api/user/self').length;
    fireEvent.click(within(dialog).getByTestId('aff-transfer-submit'));
    await waitFor(() => expect(api.find('POST', '/api/user/aff_transfer')).toHaveLength(1));
    expect(api.find('POST', '/api/user/aff_transfer')[0].body).toEqual({ quota: 600000 });
    expect(await screen.findByText('Transferred')).toBeTruthy();
    await waitFor(() => expect(api.find('GET', '/api/user/self').length).toBeGreaterThan(selfCalls));
  });

  it('has nothing to transfer without invite earnings', async () => {
    render({}, selfUser({ aff_quota: 0 }));
    await waitFor(async () => expect((await screen.findByTestId('aff-transfer-open', {}, slow)).hasAttribute('disabled')).toBe(true));
  });
});

describe('personal tab: notification settings', () => {
  it('checks the webhook URL before saving, then saves the webhook settings', async () => {
    const { api } = render({
      'PUT /api/user/setting': (r: RecordedRequest) => ok({ ...(r.body as object), webhook_secret: '', webhook_secret_set: true, notification_email: '' }),
    });
    const notify = await card('notify-card');
    fireEvent.click(within(notify).getByText('Webhook'));
    expect(await within(notify).findByTestId('notify-problem')).toBeTruthy();
    expect(within(notify).getByTestId('notify-problem').textContent).toBe('Please enter the webhook URL');
    fireEvent.change(within(notify).getByLabelText('Webhook URL'), { target: { value: 'http://hooks.example.com/x' } });
    await waitFor(() => expect(within(notify).getByTestId('notify-problem').textContent).toBe('The webhook URL must be an https URL'));
    fireEvent.click(within(notify).getByTestId('notify-save'));
    expect(api.find('PUT', '/api/user/setting')).toHaveLength(0);

    fireEvent.change(within(notify).getByLabelText('Webhook URL'), { target: { value: 'https://hooks.example.com/x' } });
    fireEvent.click(within(notify).getByRole('button', { name: '5000000 ($10.00)' }));
    fireEvent.change(within(notify).getByLabelText('Secret'), { target: { value: 'tok' } });
    await waitFor(() => expect(within(notify).queryByTestId('notify-problem')).toBeNull());
    fireEvent.click(within(notify).getByTestId('notify-save'));
    await waitFor(() => expect(api.find('PUT', '/api/user/setting')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/setting')[0].body).toEqual({
      notify_type: 'webhook', quota_warning_threshold: 5000000, webhook_url: 'https://hooks.example.com/x', webhook_secret: 'tok',
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(await within(notify).findByPlaceholderText('Set; leave empty to keep it')).toBeTruthy();
  });

  it('starts from the stored e-mail settings and shows a server refusal', async () => {
    const setting = JSON.stringify({ notify_type: 'email', quota_warning_threshold: 500000, notification_email: 'me@example.com' });
    const { api } = render({ 'PUT /api/user/setting': () => failure('SMTP trouble') }, selfUser({ setting }));
    const notify = await card('notify-card');
    await waitFor(() => expect((within(notify).getByLabelText('Notification e-mail') as HTMLInputElement).value).toBe('me@example.com'));
    expect((within(notify).getByLabelText('Quota warning threshold') as HTMLInputElement).value).toBe('500000');
    fireEvent.click(within(notify).getByTestId('notify-save'));
    expect(await screen.findByText('Update notification settings failed: SMTP trouble')).toBeTruthy();
    expect(api.find('PUT', '/api/user/setting')[0].body).toEqual({ notify_type: 'email', quota_warning_threshold: 500000, notification_email: 'me@example.com' });
  });
});

describe('personal tab: security', () => {
  it('changes the password after checking both entries', async () => {
    const { api } = render({ 'PUT /api/user/self': ok(undefined) });
    fireEvent.click(await screen.findByTestId('password-open', {}, slow));
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), { target: { value: 'new-password-2' } });
    expect(within(dialog).getByText('The two passwords differ')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('password-submit'));
    expect(api.find('PUT', '/api/user/self')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), { target: { value: 'new-password-1' } });
    fireEvent.click(within(dialog).getByTestId('password-submit'));
    await waitFor(() => expect(api.find('PUT', '/api/user/self')).toHaveLength(1));
    expect(api.find('PUT', '/api/user/self')[0].body).toEqual({ original_password: 'old-password', password: 'new-password-1' });
    expect(await screen.findByText('Password changed')).toBeTruthy();
  });

  it('deletes the account only after the username is typed, then signs out', async () => {
    const { api } = render({ 'DELETE /api/user/self': ok(undefined) });
    fireEvent.click(await screen.findByTestId('delete-open', {}, slow));
    const dialog = await openModal();
    const submit = within(dialog).getByTestId('delete-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'alic' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'alice' } });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(api.find('DELETE', '/api/user/self')).toHaveLength(1));
    expect(await screen.findByText('Account deleted')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('resets the access token, shows it and copies it', async () => {
    const writeText = clipboard();
    const { api } = render({ 'GET /api/user/token': 'T0ken-abcdefghijklmnopqrstuvwxyz01' });
    fireEvent.click(await screen.findByTestId('token-reset', {}, slow));
    await waitFor(() => expect(api.find('GET', '/api/user/token')).toHaveLength(1));
    const shown = (await screen.findByTestId('access-token')).querySelector('input') ?? (await screen.findByTestId('access-token'));
    expect((shown as HTMLInputElement).value).toBe('T0ken-abcdefghijklmnopqrstuvwxyz01');
    expect(writeText).toHaveBeenCalledWith('T0ken-abcdefghijklmnopqrstuvwxyz01');
    expect(await screen.findByText('Token reset and copied to the clipboard')).toBeTruthy();
  });
});

describe('personal tab: models', () => {
  it('lists the available models and copies a name on click', async () => {
    const writeText = clipboard();
    render();
    const models = await card('models-card');
    fireEvent.click(await within(models).findByText('claude-3-haiku'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('claude-3-haiku'));
    fireEvent.click(within(models).getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('gpt-4o-mini,claude-3-haiku'));
  });
});

describe('personal tab helpers', () => {
  it('builds the invite link under the console base path', () => {
    expect(affLink('https://gw.example.com', '/console/register', 'a b')).toBe('https://gw.example.com/console/register?aff=a%20b');
  });

  it('checks a transfer: whole, at least one unit, at most the balance', () => {
    expect(transferProblem(undefined, 10, 5)).toBe('personal.invite.amountInvalid');
    expect(transferProblem(1.5, 10, 1)).toBe('personal.invite.amountInvalid');
    expect(transferProblem(4, 10, 5)).toBe('personal.invite.minimum');
    expect(transferProblem(11, 10, 5)).toBe('personal.invite.insufficient');
    expect(transferProblem(5, 10, 5)).toBeNull();
  });

  it('reads, checks and sends the notification form', () => {
    const empty = notifyFormOf('');
    expect(empty).toMatchObject({ notify_type: 'email', quota_warning_threshold: 100000, secret_set: false });
    expect(notifyFormProblem({ ...empty, quota_warning_threshold: -1 })).toBe('personal.notify.thresholdInvalid');
    expect(notifyFormProblem({ ...empty, notification_email: 'nope' })).toBe('personal.notify.emailInvalid');
    const hook = { ...notifyFormOf('{"notify_type":"webhook","webhook_url":"https://a.example","webhook_secret_set":true}') };
    expect(hook).toMatchObject({ notify_type: 'webhook', webhook_url: 'https://a.example', secret_set: true });
    expect(notifyRequest(hook)).toEqual({ notify_type: 'webhook', quota_warning_threshold: 100000, webhook_url: 'https://a.example', webhook_secret: '' });
    expect(notifyRequest({ ...hook, clear_secret: true }).webhook_secret).toBeNull();
    expect(notifyFormProblem({ ...hook, webhook_url: 'ftp://a.example' })).toBe('personal.notify.webhookHttps');
  });

  it('checks the password dialog', () => {
    expect(passwordFormProblem({ original: '', password: 'long-enough', confirm: 'long-enough' })).toBe('personal.password.originalRequired');
    expect(passwordFormProblem({ original: 'x', password: 'short', confirm: 'short' })).toBe('personal.password.length');
    expect(passwordFormProblem({ original: 'x', password: 'long-enough', confirm: 'long-enougH' })).toBe('personal.password.mismatch');
    expect(passwordFormProblem({ original: 'x', password: 'long-enough', confirm: 'long-enough' })).toBeNull();
  });
});
