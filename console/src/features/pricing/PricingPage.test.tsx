import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import type { GroupPrice, PricingData, PricingModel } from '@contract/pricing';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';
import { failure, ok } from '../../test/mock-api';

const tokenPrice = (inputQuota: number, groupRatio = 1, o: Partial<GroupPrice> = {}): GroupPrice => ({
  type: 0, price: inputQuota / 500000, group_ratio: groupRatio, user_ratio: 1, input_quota: inputQuota, output_quota: inputQuota * 4,
  cache_read_quota: inputQuota / 2, cache_write_quota: inputQuota * 1.25, call_quota: 0, ...o,
});
const callPrice = (callQuota: number, groupRatio = 1): GroupPrice => ({
  type: 1, price: callQuota / 500000, group_ratio: groupRatio, user_ratio: 1, input_quota: 0, output_quota: 0, cache_read_quota: 0,
  cache_write_quota: 0, call_quota: callQuota,
});

const model = (name: string, o: Partial<PricingModel>): PricingModel => ({
  model_name: name, quota_type: 0, model_ratio: 1, model_price: 0, completion_ratio: 4, cache_ratio: 0.5, cache_creation_ratio: 1.25,
  price_set: true, vendor: 'openai', owner_by: 'OpenAI', tags: ['chat'], enable_groups: ['default'], group_price: {}, available: true, ...o,
});

const data = (o: Partial<PricingData> = {}): PricingData => ({
  models: [
    model('gpt-4o', { model_ratio: 1.25, tags: ['chat', 'vision'], enable_groups: ['default', 'vip'], group_price: { default: tokenPrice(1_250_000), vip: tokenPrice(625_000, 0.5) } }),
    model('gpt-4o-mini', { model_ratio: 0.075, group_price: { default: tokenPrice(75_000), vip: tokenPrice(37_500, 0.5) } }),
    model('claude-3-haiku', { vendor: 'anthropic', owner_by: 'Anthropic', enable_groups: ['vip'], available: false, group_price: { default: tokenPrice(125_000), vip: tokenPrice(62_500, 0.5) } }),
    model('dall-e-3', { quota_type: 1, model_ratio: 0, model_price: 0.04, tags: ['image'], group_price: { default: callPrice(20_000), vip: callPrice(10_000, 0.5) } }),
    model('my-model', { vendor: '', owner_by: 'custom', price_set: false }),
  ],
  vendors: [{ key: 'openai', name: 'OpenAI', icon: 'AI' }, { key: 'anthropic', name: 'Anthropic', icon: 'A' }],
  tags: ['chat', 'vision', 'image'],
  groups: ['default', 'vip'],
  group_ratio: { default: 1, vip: 0.5 },
  usable_group: { default: 'Default', vip: 'VIP' },
  user_group: 'default',
  quota_per_unit: 500000,
  ...o,
});

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const names = () => Array.from(document.querySelectorAll('[data-testid^="access-"]')).map((el) => el.getAttribute('data-testid')!.slice('access-'.length));

describe('pricing page', () => {
  it('shows a visitor the billing note and every price in the default group, without the sidebar', async () => {
    const { api } = renderConsole('/pricing', { 'GET /api/pricing': data() });
    expect(await screen.findByText('gpt-4o-mini')).toBeTruthy();
    expect(api.find('GET', '/api/pricing')[0].headers['New-Api-User']).toBeUndefined();
    expect(screen.getByText('How billing works')).toBeTruthy();
    expect(screen.getByText(/÷ 500000 USD/)).toBeTruthy();
    expect(screen.getByText('Prices below are for the group default (ratio 1) and already include its ratio.')).toBeTruthy();
    expect(screen.getByText('Sign in to see the prices of your own group.')).toBeTruthy();
    expect(document.querySelector('.gc-sider')).toBeNull();
    // per 1M tokens by default; cache prices beside
    const gpt = within(row('gpt-4o'));
    expect(gpt.getByText('$2.50')).toBeTruthy();
    expect(gpt.getByText('$10.00')).toBeTruthy();
    expect(gpt.getByText('$1.25')).toBeTruthy();
    expect(gpt.getByText('$3.125')).toBeTruthy();
    expect(within(row('gpt-4o-mini')).getByText('$0.15')).toBeTruthy();
    // fixed price per call
    expect(within(row('dall-e-3')).getByText('$0.04')).toBeTruthy();
    expect(within(row('dall-e-3')).getByText('/ call')).toBeTruthy();
    expect(within(row('dall-e-3')).getByText('Per call')).toBeTruthy();
    expect(within(row('my-model')).getByText('Price not set')).toBeTruthy();
    // access per row
    expect(within(row('gpt-4o')).getByLabelText('Your group can use this model')).toBeTruthy();
    expect(within(row('claude-3-haiku')).getByLabelText('Your group is not authorized to use this model')).toBeTruthy();
  });

  it('switches to prices per 1K tokens, keeping small charges readable, and shows ratios on demand', async () => {
    renderConsole('/pricing', { 'GET /api/pricing': data() });
    await screen.findByText('gpt-4o-mini');
    expect(screen.queryByText('Model ratio')).toBeNull();
    fireEvent.click(screen.getByLabelText('Per 1M tokens'));
    expect(await within(row('gpt-4o-mini')).findByText('$0.00015')).toBeTruthy();
    expect(within(row('gpt-4o')).getByText('$0.0025')).toBeTruthy();
    expect(within(row('gpt-4o')).getAllByText('/ 1K tokens').length).toBeGreaterThan(0);
    expect(within(row('dall-e-3')).getByText('$0.04')).toBeTruthy(); // per call whatever the unit
    fireEvent.click(screen.getByLabelText('Show ratios'));
    expect(await screen.findByText('Model ratio')).toBeTruthy();
    expect(within(row('gpt-4o')).getByText('1.25')).toBeTruthy();
    expect(within(row('gpt-4o-mini')).getByText('0.075')).toBeTruthy();
  });

  it('filters by vendor tab and fuzzy name', async () => {
    renderConsole('/pricing', { 'GET /api/pricing': data() });
    await screen.findByText('gpt-4o-mini');
    const tabs = screen.getByTestId('vendor-tabs');
    expect(within(tabs).getByText('Other')).toBeTruthy(); // my-model has no vendor
    fireEvent.click(within(tabs).getByText('Anthropic'));
    await waitFor(() => expect(names()).toEqual(['claude-3-haiku']));
    fireEvent.click(within(tabs).getByText('All'));
    fireEvent.change(screen.getByPlaceholderText('Search model name'), { target: { value: 'g4m' } });
    await waitFor(() => expect(names()).toEqual(['gpt-4o-mini']));
  });

  it('copies the selected model names; the button waits for a selection', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderConsole('/pricing', { 'GET /api/pricing': data() });
    await screen.findByText('gpt-4o-mini');
    const button = () => screen.getByRole('button', { name: /Copy selected/ }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    fireEvent.click(within(row('gpt-4o')).getByRole('checkbox'));
    fireEvent.click(within(row('dall-e-3')).getByRole('checkbox'));
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(button().textContent).toContain('(2)');
    fireEvent.click(button());
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('gpt-4o,dall-e-3'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it("prices a signed-in user's own group and sends the user header", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ group: 'vip' })));
    const models = data().models.map((m) => ({ ...m, available: m.enable_groups.includes('vip') }));
    const { api } = renderConsole('/pricing', { 'GET /api/pricing': data({ models, user_group: 'vip', groups: ['vip', 'default'] }) });
    await screen.findByText('gpt-4o-mini');
    expect(api.find('GET', '/api/pricing')[0].headers['New-Api-User']).toBe('7');
    expect(screen.getByText('Prices below are for the group vip (ratio 0.5) and already include its ratio.')).toBeTruthy();
    expect(screen.queryByText('Sign in to see the prices of your own group.')).toBeNull();
    expect(within(row('gpt-4o')).getByText('$1.25')).toBeTruthy();
    expect(within(row('claude-3-haiku')).getByLabelText('Your group can use this model')).toBeTruthy();
    expect(within(row('gpt-4o-mini')).getByLabelText('Your group is not authorized to use this model')).toBeTruthy();
  });

  it('shows quota instead of dollars when the site does not display currency', async () => {
    renderConsole('/pricing', {
      'GET /api/status': publicStatus({ display_in_currency: false }),
      'GET /api/pricing': data(),
    });
    await screen.findByText('gpt-4o-mini');
    expect(await within(row('gpt-4o')).findByText('1250000')).toBeTruthy();
    expect(within(row('dall-e-3')).getByText('20000')).toBeTruthy();
  });

  it('offers a retry when the prices fail to load', async () => {
    let calls = 0;
    renderConsole('/pricing', { 'GET /api/pricing': () => (++calls === 1 ? failure('boom') : ok(data())) });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('gpt-4o-mini')).toBeTruthy();
    expect(screen.queryByText('Failed to load prices')).toBeNull();
  });

  it('reads in Chinese', async () => {
    renderConsole('/pricing', { 'GET /api/pricing': data() }, { locale: 'zh-CN' });
    await screen.findByText('gpt-4o-mini');
    expect(screen.getByText('计费说明')).toBeTruthy();
    expect(within(row('claude-3-haiku')).getByLabelText('您的分组无权使用该模型')).toBeTruthy();
    expect(within(row('gpt-4o')).getAllByText('每百万 token').length).toBeGreaterThan(0);
  });
});
