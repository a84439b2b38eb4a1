// The upstream calls channel management makes (model list, test, balance), built and read without I/O.
// Only what managing channels needs; the relay's provider families (architecture §4.1) own real traffic. The
// OpenAI-compatible vendor table, Azure's URLs and the upstream error reader are shared with them (providers/).
// Which type offers what is the contract table's word (fetch_models, balance, family): the console shows the
// buttons from it, and these builders refuse the same types.
import { channelType, effectiveBaseUrl } from '../../contract/channel-types.js';
import { isEmbeddingModel, testTokenLimit, type UpstreamFailure } from './channel-rules.js';
import { readUpstreamError } from '../../providers/upstream-error.js';
import { endpointUrl, modelsUrl } from '../../providers/openai/vendors.js';
import { azureDeployment, azureDeploymentUrl, azureHeaders, azureModelsUrl } from '../../providers/azure/urls.js';

export interface UpstreamCall {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** What a call needs from a channel: one key line. */
export interface ChannelConn {
  type: number;
  base_url: string;
  key: string;
  openai_organization?: string;
  other?: string;
}

const familyOf = (type: number) => channelType(type)?.family ?? null;

const ANTHROPIC_VERSION = '2023-06-01';

function openaiHeaders(c: ChannelConn): Record<string, string> {
  const h: Record<string, string> = { authorization: `Bearer ${c.key}`, accept: 'application/json' };
  if (c.openai_organization) h['openai-organization'] = c.openai_organization;
  return h;
}

const anthropicHeaders = (c: ChannelConn) => ({ 'x-api-key': c.key, 'anthropic-version': ANTHROPIC_VERSION, accept: 'application/json' });
const geminiHeaders = (c: ChannelConn) => ({ 'x-goog-api-key': c.key, accept: 'application/json' });

/** GET the upstream's model list, or null when the type has none (contract `fetch_models`). */
export function modelsCall(c: ChannelConn): UpstreamCall | null {
  if (!channelType(c.type)?.fetch_models) return null;
  const base = effectiveBaseUrl(c.type, c.base_url);
  switch (familyOf(c.type)) {
    case 'openai': {
      const url = modelsUrl(c.type, c.base_url, c.other ?? '');
      return url ? { method: 'GET', url, headers: openaiHeaders(c) } : null;
    }
    case 'azure':
      return { method: 'GET', url: azureModelsUrl(c.base_url, c.other ?? ''), headers: azureHeaders(c.key) };
    case 'anthropic':
      return { method: 'GET', url: `${base}/v1/models?limit=1000`, headers: anthropicHeaders(c) };
    case 'gemini':
      return { method: 'GET', url: `${base}/${c.other || 'v1beta'}/models?pageSize=1000`, headers: geminiHeaders(c) };
    default:
      return null;
  }
}

/** Model ids from a model-list answer (OpenAI/Anthropic `data[].id`, Gemini and Ollama `models[].name`). */
export function parseModels(json: unknown): string[] | null {
  const o = json as { data?: unknown; models?: unknown } | null;
  const list = Array.isArray(o?.data) ? o.data : Array.isArray(o?.models) ? o.models : Array.isArray(json) ? json : null;
  if (!list) return null;
  const ids = list
    .map((m) => (typeof m === 'string' ? m : (m as { id?: unknown; name?: unknown })?.id ?? (m as { name?: unknown })?.name))
    .filter((id): id is string => typeof id === 'string' && id.length > 0)
    .map((id) => id.replace(/^models\//, ''));
  return [...new Set(ids)];
}

export type TestKind = 'chat' | 'embeddings' | 'anthropic' | 'gemini';

/**
 * The smallest real request that proves a channel works (reference §3.8), or null when the type has none. `model`
 * is the upstream name (after the channel's mapping), `clientModel` the name asked for (Azure's deployment rule).
 */
export function testCall(c: ChannelConn, model: string, clientModel = model): { call: UpstreamCall; kind: TestKind } | null {
  const family = familyOf(c.type);
  if (!family) return null;
  const base = effectiveBaseUrl(c.type, c.base_url);
  const json = { 'content-type': 'application/json' };
  if (family === 'anthropic')
    return {
      kind: 'anthropic',
      call: {
        method: 'POST', url: `${base}/v1/messages`, headers: { ...anthropicHeaders(c), ...json },
        body: JSON.stringify({ model, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
      },
    };
  if (family === 'gemini')
    return {
      kind: 'gemini',
      call: {
        method: 'POST',
        url: `${base}/${c.other || 'v1beta'}/models/${encodeURIComponent(model)}:generateContent`,
        headers: { ...geminiHeaders(c), ...json },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 300 } }),
      },
    };
  const embeddings = isEmbeddingModel(model, c.type);
  const path = embeddings ? '/embeddings' : '/chat/completions';
  const url = family === 'azure'
    ? azureDeploymentUrl(c.base_url, c.other ?? '', azureDeployment(clientModel, model), path)
    : endpointUrl({ type: c.type, baseUrl: c.base_url, other: c.other ?? '' }, path, model);
  const headers = family === 'azure' ? { ...azureHeaders(c.key), ...json } : { ...openaiHeaders(c), ...json };
  const limit = testTokenLimit(model);
  const body = embeddings
    ? { model, input: ['hello world'] }
    : { model, messages: [{ role: 'user', content: 'hi' }], stream: false, [limit.field]: limit.value };
  return { kind: embeddings ? 'embeddings' : 'chat', call: { method: 'POST', url, headers, body: JSON.stringify(body) } };
}

/** Did a 2xx test answer carry what its kind promises? */
export function testAnswerOk(kind: TestKind, json: unknown): boolean {
  const o = json as Record<string, unknown> | null;
  if (!o || typeof o !== 'object') return false;
  if (o.error) return false;
  switch (kind) {
    case 'chat':
      return Array.isArray(o.choices);
    case 'embeddings':
      return Array.isArray(o.data);
    case 'anthropic':
      return Array.isArray(o.content);
    case 'gemini':
      return Array.isArray(o.candidates);
  }
}

/** The error an upstream sent back (OpenAI, Anthropic and Gemini all use `error.message`). Not yet redacted. */
export const upstreamFailure = (status: number, json: unknown, text: string): UpstreamFailure => readUpstreamError(status, json, text);

// ---- balance (reference §3.9) ----

export type BalanceGet = (url: string, headers: Record<string, string>) => Promise<{ status: number; json: unknown; text: string }>;

export class BalanceError extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(failure.message);
  }
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

async function getJson(get: BalanceGet, url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const r = await get(url, headers);
  if (r.status < 200 || r.status >= 300) throw new BalanceError(upstreamFailure(r.status, r.json, r.text));
  if (!r.json || typeof r.json !== 'object') throw new BalanceError({ status: r.status, message: 'not JSON', local: true });
  return r.json as Record<string, unknown>;
}

const need = (v: number | null): number => {
  if (v === null) throw new BalanceError({ message: 'no balance in the answer', local: true });
  return v;
};

const day = (d: Date) => d.toISOString().slice(0, 10);

type BalanceFn = (c: ChannelConn, get: BalanceGet, now: Date) => Promise<number>;

/**
 * Where a dashboard lives. A custom channel's base URL is a full request URL (used as given by the relay), so its
 * dashboard is looked up where that URL's API root starts: before "/v1/", else at its origin.
 */
function dashboardBase(c: ChannelConn): string {
  const base = effectiveBaseUrl(c.type, c.base_url);
  if (!channelType(c.type)?.base_url_as_given) return base;
  const v1 = base.indexOf('/v1/');
  if (v1 >= 0) return base.slice(0, v1);
  try {
    return new URL(base).origin;
  } catch {
    return base;
  }
}

/** OpenAI's dashboard: hard limit minus this month's usage (or the last 100 days' without a payment method). */
const openaiDashboard: BalanceFn = async (c, get, now) => {
  const base = dashboardBase(c);
  const h = openaiHeaders(c);
  const sub = await getJson(get, `${base}/v1/dashboard/billing/subscription`, h);
  const hard = need(num(sub.hard_limit_usd));
  const start = sub.has_payment_method
    ? `${now.toISOString().slice(0, 7)}-01`
    : day(new Date(now.getTime() - 100 * 86_400_000));
  const usage = await getJson(get, `${base}/v1/dashboard/billing/usage?start_date=${start}&end_date=${day(now)}`, h);
  return hard - need(num(usage.total_usage)) / 100;
};

const creditGrants = (field: 'total_remaining' | 'total_available'): BalanceFn => async (c, get) => {
  const j = await getJson(get, `${effectiveBaseUrl(c.type, c.base_url)}/dashboard/billing/credit_grants`, openaiHeaders(c));
  return need(num(j[field]));
};

const BALANCE: Readonly<Record<number, BalanceFn>> = {
  1: openaiDashboard,
  8: openaiDashboard,
  10: async (c, get) => {
    const j = await getJson(get, 'https://aiproxy.io/api/report/getUserOverview', { 'api-key': c.key });
    return need(num((j.data as { totalPoints?: unknown } | undefined)?.totalPoints));
  },
  12: creditGrants('total_remaining'),
  13: creditGrants('total_available'),
  20: async (c, get) => {
    const j = await getJson(get, `${effectiveBaseUrl(c.type, c.base_url)}/v1/credits`, openaiHeaders(c));
    const d = (j.data ?? {}) as { total_credits?: unknown; total_usage?: unknown };
    return need(num(d.total_credits)) - need(num(d.total_usage));
  },
  25: async (c, get) => {
    const j = await getJson(get, `${effectiveBaseUrl(c.type, c.base_url)}/v1/users/me/balance`, openaiHeaders(c));
    return need(num((j.data as { available_balance?: unknown } | undefined)?.available_balance));
  },
  40: async (c, get) => {
    const j = await getJson(get, `${effectiveBaseUrl(c.type, c.base_url)}/v1/user/info`, openaiHeaders(c));
    if (num(j.code) !== 20000) throw new BalanceError({ message: String(j.message ?? 'unexpected answer') });
    return need(num((j.data as { totalBalance?: unknown } | undefined)?.totalBalance));
  },
  43: async (c, get) => {
    const j = await getJson(get, `${effectiveBaseUrl(c.type, c.base_url)}/user/balance`, openaiHeaders(c));
    const infos = Array.isArray(j.balance_infos) ? (j.balance_infos as { currency?: string; total_balance?: unknown }[]) : [];
    const entry = infos.find((i) => i.currency === 'CNY') ?? infos[0];
    return need(num(entry?.total_balance));
  },
};

export const balanceSupported = (type: number): boolean => type in BALANCE;

/** The channel's balance from its upstream; throws BalanceError. Only for balanceSupported types. */
export function fetchBalance(c: ChannelConn, get: BalanceGet, now: Date): Promise<number> {
  const fn = BALANCE[c.type];
  if (!fn) throw new Error(`no balance for type ${c.type}`);
  return fn(c, get, now);
}
