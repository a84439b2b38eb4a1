import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../contract/channel-types.js';
import { KNOWN_MODELS } from './known-models.js';
import { balanceSupported, fetchBalance, modelsCall, parseModels, testAnswerOk, testCall, upstreamFailure, type BalanceGet } from './channel-upstream.js';

const conn = (type: number, extra = {}) => ({ type, base_url: '', key: 'KEY', ...extra });

describe('model list call', () => {
  it('uses each family\'s path and auth', () => {
    expect(modelsCall(conn(1))).toMatchObject({ url: 'https://api.openai.com/v1/models', headers: { authorization: 'Bearer KEY' } });
    expect(modelsCall(conn(17))!.url).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1/models');
    expect(modelsCall(conn(14))).toMatchObject({ url: 'https://api.anthropic.com/v1/models?limit=1000', headers: { 'x-api-key': 'KEY' } });
    expect(modelsCall(conn(24))).toMatchObject({ url: 'https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000', headers: { 'x-goog-api-key': 'KEY' } });
    expect(modelsCall(conn(3, { base_url: 'https://r.openai.azure.com' }))!.headers).toEqual({ 'api-key': 'KEY' });
    expect(modelsCall(conn(2))).toBeNull();
    // the key never goes into a URL
    for (const t of [1, 3, 4, 14, 24, 17, 43]) expect(modelsCall(conn(t, { base_url: 'http://h' }))?.url).not.toContain('KEY');
  });
  it('reads OpenAI, Anthropic and Gemini answers', () => {
    expect(parseModels({ data: [{ id: 'a' }, { id: 'b' }, { id: 'a' }] })).toEqual(['a', 'b']);
    expect(parseModels({ models: [{ name: 'models/gemini-pro' }] })).toEqual(['gemini-pro']);
    expect(parseModels({ nope: 1 })).toBeNull();
  });
});

describe('test call', () => {
  it('builds a minimal chat request per family', () => {
    const chat = testCall(conn(43, { openai_organization: 'org' }), 'deepseek-chat')!;
    expect(chat.kind).toBe('chat');
    expect(chat.call.url).toBe('https://api.deepseek.com/v1/chat/completions');
    expect(chat.call.headers).toMatchObject({ authorization: 'Bearer KEY', 'openai-organization': 'org' });
    expect(JSON.parse(chat.call.body!)).toEqual({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'hi' }], stream: false, max_tokens: 10 });
    const azure = testCall(conn(3, { base_url: 'https://r.openai.azure.com', other: '2024-10-21' }), 'gpt-4o')!;
    expect(azure.call.url).toBe('https://r.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21');
    expect(testCall(conn(14), 'claude-3-5-haiku-20241022')!.call.url).toBe('https://api.anthropic.com/v1/messages');
    expect(testCall(conn(24), 'gemini-2.0-flash')!.call.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent');
    expect(testCall(conn(39, { other: 'acc' }), 'm')!.call.url).toBe('https://api.cloudflare.com/client/v4/accounts/acc/ai/v1/chat/completions');
    expect(testCall(conn(1), 'text-embedding-3-small')!.kind).toBe('embeddings');
    expect(testCall(conn(15), 'ERNIE-4.0-8K')).toBeNull();
  });
  it('judges answers and reads errors', () => {
    expect(testAnswerOk('chat', { choices: [] })).toBe(true);
    expect(testAnswerOk('chat', { error: { message: 'x' } })).toBe(false);
    expect(testAnswerOk('anthropic', { content: [] })).toBe(true);
    expect(testAnswerOk('gemini', { candidates: [] })).toBe(true);
    expect(upstreamFailure(401, { error: { message: 'bad key', type: 't', code: 'invalid_api_key' } }, '')).toEqual({
      status: 401, message: 'bad key', type: 't', code: 'invalid_api_key',
    });
    expect(upstreamFailure(502, undefined, '<html> Bad   gateway </html>').message).toBe('<html> Bad gateway </html>');
    expect(upstreamFailure(500, undefined, '').message).toBe('HTTP 500');
  });
});

describe('balance (reference §3.9)', () => {
  const answers = (map: Record<string, unknown>): BalanceGet => async (url) => {
    const hit = Object.entries(map).find(([prefix]) => url.startsWith(prefix));
    return hit ? { status: 200, json: hit[1], text: '' } : { status: 404, json: { error: { message: 'nope' } }, text: '' };
  };
  const now = new Date('2026-03-15T10:00:00Z');

  it('OpenAI: hard limit minus usage; the window depends on the payment method', async () => {
    const urls: string[] = [];
    const get: BalanceGet = async (url) => {
      urls.push(url);
      return url.includes('subscription')
        ? { status: 200, json: { hard_limit_usd: 50, has_payment_method: false }, text: '' }
        : { status: 200, json: { total_usage: 1250 }, text: '' };
    };
    expect(await fetchBalance(conn(1), get, now)).toBe(37.5);
    expect(urls[1]).toBe('https://api.openai.com/v1/dashboard/billing/usage?start_date=2025-12-05&end_date=2026-03-15');
  });
  it('DeepSeek, SiliconFlow, OpenRouter, Moonshot, credit grants', async () => {
    expect(await fetchBalance(conn(43), answers({ 'https://api.deepseek.com/user/balance': { balance_infos: [{ currency: 'USD', total_balance: '1' }, { currency: 'CNY', total_balance: '12.50' }] } }), now)).toBe(12.5);
    expect(await fetchBalance(conn(40), answers({ 'https://api.siliconflow.cn/v1/user/info': { code: 20000, data: { totalBalance: '3.2' } } }), now)).toBe(3.2);
    expect(await fetchBalance(conn(20), answers({ 'https://openrouter.ai/api/v1/credits': { data: { total_credits: 10, total_usage: 2.5 } } }), now)).toBe(7.5);
    expect(await fetchBalance(conn(25), answers({ 'https://api.moonshot.cn/v1/users/me/balance': { data: { available_balance: 4 } } }), now)).toBe(4);
    expect(await fetchBalance(conn(12), answers({ 'https://api.api2gpt.com/dashboard/billing/credit_grants': { total_remaining: 9 } }), now)).toBe(9);
    await expect(fetchBalance(conn(43), answers({}), now)).rejects.toMatchObject({ failure: { status: 404, message: 'nope' } });
  });
  it('the contract table says which types have a balance, and the console can trust it', () => {
    for (const t of CHANNEL_TYPES) expect(Boolean(t.balance), String(t.id)).toBe(balanceSupported(t.id));
  });
  it('every vendor named by the contract table has known models', () => {
    const owners = new Set(KNOWN_MODELS.map((m) => m.owned_by));
    for (const t of CHANNEL_TYPES) if (t.vendor) expect(owners.has(t.vendor), `${t.id} ${t.vendor}`).toBe(true);
  });
  it('is offered only where the upstream has one', () => {
    expect([1, 8, 10, 12, 13, 20, 25, 40, 43].every(balanceSupported)).toBe(true);
    expect([3, 14, 24, 4, 2].some(balanceSupported)).toBe(false);
  });
});
