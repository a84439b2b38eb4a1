// The channel form's handling of channel types: every type in the select (not-relayed ones marked), the
// type-specific placeholder, key hint and `other` field, the helper buttons a type offers, and the warning for a
// type this gateway cannot relay (saving stays possible).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { CHANNEL_TYPES } from '@contract/channel-types';
import { renderConsole } from '../../test/render-console';
import { loginUser } from '../../test/fixtures';
import { channel } from './channel.fixture';

const signInAdmin = () => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role: 100, username: 'root' })));
const typeSelect = () => screen.getByTestId('channel-type');
const openTypes = () => fireEvent.click(typeSelect().querySelector('.arco-select-view')!);
const options = () => [...document.querySelectorAll('.arco-select-option')] as HTMLElement[];

async function chooseType(label: string | RegExp) {
  openTypes();
  const option = await waitFor(() => {
    const o = options().find((el) => (typeof label === 'string' ? el.textContent === label : label.test(el.textContent ?? '')));
    if (!o) throw new Error(`no option ${label}`);
    return o;
  });
  fireEvent.click(option);
  await waitFor(() => expect(within(typeSelect()).getByText(label)).toBeTruthy());
}

describe('channel form: types', () => {
  it('offers every type, grouped, with the ones this gateway cannot relay marked', async () => {
    signInAdmin();
    renderConsole('/channel/add', { 'GET /api/channel/models': [] });
    await screen.findByRole('button', { name: 'Submit' });
    openTypes();
    await waitFor(() => expect(options()).toHaveLength(CHANNEL_TYPES.length));
    const texts = options().map((o) => o.textContent);
    expect(texts).toContain('DeepSeek (43)');
    expect(texts).toContain('Azure OpenAI (3)');
    expect(texts).toContain('OhMyGPT (legacy) (7)');
    expect(texts).toContain('Baidu ERNIE (Qianfan) (15) · not relayed');
    expect(texts).toContain('Midjourney Proxy (2) · not relayed');
    expect(texts.filter((x) => x?.endsWith('· not relayed'))).toHaveLength(CHANNEL_TYPES.filter((t) => !t.family).length);
    const groups = [...document.querySelectorAll('.arco-select-group-title')].map((g) => g.textContent);
    expect(groups).toEqual(['Relayed', 'Legacy (still relayed)', 'Not relayed by this gateway']);
  });

  it('Azure: endpoint example, api-version field with its default, its key hint; fetch models offered', async () => {
    signInAdmin();
    renderConsole('/channel/add', { 'GET /api/channel/models': [] });
    await screen.findByRole('button', { name: 'Submit' });
    expect((screen.getByTestId('channel-base-url') as HTMLInputElement).placeholder).toBe('Default: https://api.openai.com');
    expect(screen.getByText('Key format: sk-…')).toBeTruthy();
    expect(screen.queryByTestId('channel-other')).toBeNull();
    await chooseType('Azure OpenAI (3)');
    expect((screen.getByTestId('channel-base-url') as HTMLInputElement).placeholder).toBe('Required, e.g. https://your-resource.openai.azure.com');
    expect(screen.getByText(/KEY 1 or KEY 2 from the Azure resource/)).toBeTruthy();
    expect(screen.getByText(/Calls go to \/openai\/deployments\/\{deployment\}/)).toBeTruthy();
    expect((screen.getByTestId('channel-other') as HTMLInputElement).placeholder).toBe('Default when empty: 2024-12-01-preview');
    expect(screen.getByText('API version')).toBeTruthy();
    expect(screen.getByText('The api-version query parameter')).toBeTruthy();
    expect(screen.queryByText('Organization')).toBeNull(); // Azure ignores it
    expect(screen.getByRole('button', { name: /Fetch models/ })).toBeTruthy();
    expect(screen.queryByTestId('channel-type-warning')).toBeNull();
  });

  it('custom channel: the URL as given (no /v1 question), no model list button', async () => {
    signInAdmin();
    const { api } = renderConsole('/channel/add', {
      'GET /api/channel/models': [],
      'POST /api/channel/': [channel({ id: 9, type: 8 })],
      'GET /api/channel/': [],
    });
    await screen.findByRole('button', { name: 'Submit' });
    await chooseType('Custom channel (8)');
    expect(screen.queryByRole('button', { name: /Fetch models/ })).toBeNull();
    expect(screen.getByText(/The full request URL, used as given/)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('A name to recognise this channel'), { target: { value: 'gw' } });
    fireEvent.change(screen.getByTestId('channel-key'), { target: { value: 'sk-1' } });
    fireEvent.change(screen.getByTestId('channel-base-url'), { target: { value: 'https://gw.example.com/v1' } });
    fireEvent.change(screen.getByPlaceholderText('Custom models, comma separated'), { target: { value: 'm1' } });
    fireEvent.click(screen.getByText('Add'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.find('POST', '/api/channel/')).toHaveLength(1));
    expect(screen.queryByText('The base URL ends with /v1')).toBeNull();
    expect(api.find('POST', '/api/channel/')[0].body).toMatchObject({ type: 8, base_url: 'https://gw.example.com/v1', models: 'm1' });
  });

  it('a type this gateway cannot relay: a warning, no model list, and it can still be saved', async () => {
    signInAdmin();
    const { api } = renderConsole('/channel/add', {
      'GET /api/channel/models': [],
      'POST /api/channel/': [channel({ id: 11, type: 15 })],
      'GET /api/channel/': [],
    });
    await screen.findByRole('button', { name: 'Submit' });
    await chooseType('Baidu ERNIE (Qianfan) (15) · not relayed');
    const warning = screen.getByTestId('channel-type-warning');
    expect(warning.textContent).toContain('This gateway cannot relay channels of type Baidu ERNIE (Qianfan) (15)');
    expect(warning.textContent).toContain('calls routed to it are refused');
    expect(screen.queryByRole('button', { name: /Fetch models/ })).toBeNull();
    expect(screen.getByText('Key format: APIKey|SecretKey')).toBeTruthy();
    expect((screen.getByTestId('channel-base-url') as HTMLInputElement).placeholder).toBe('Default: https://aip.baidubce.com');
    fireEvent.change(screen.getByPlaceholderText('A name to recognise this channel'), { target: { value: 'ernie' } });
    fireEvent.change(screen.getByTestId('channel-key'), { target: { value: 'ak|sk' } });
    fireEvent.change(screen.getByPlaceholderText('Custom models, comma separated'), { target: { value: 'ernie-4.0' } });
    fireEvent.click(screen.getByText('Add'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.find('POST', '/api/channel/')).toHaveLength(1));
    expect(api.find('POST', '/api/channel/')[0].body).toMatchObject({ type: 15, name: 'ernie', key: 'ak|sk' });
  });

  it('editing a stored channel of a type not relayed shows the warning in Chinese, with the stored type selected', async () => {
    signInAdmin();
    renderConsole('/channel/edit/5', {
      'GET /api/channel/models': [],
      'GET /api/channel/5': channel({ id: 5, name: 'aws', type: 33, models: 'claude-3-5-sonnet' }),
    }, { locale: 'zh-CN' });
    expect(await screen.findByDisplayValue('aws')).toBeTruthy();
    expect(within(typeSelect()).getByText('AWS Claude (33) · 不支持转发')).toBeTruthy();
    expect(screen.getByTestId('channel-type-warning').textContent).toContain('本网关不能转发「AWS Claude (33)」类型的渠道');
    expect(screen.getByText('格式：AK|SK|Region，例如 AKIA…|wJalr…|us-east-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /获取模型列表/ })).toBeNull();
  });
});
