// Claude request defaults from the options (reference §6.1): max_tokens when the request sets none (Anthropic
// requires it), and the thinking adapter — a model name ending in `-thinking` turns extended thinking on with
// budget_tokens = percentage × max_tokens, and the suffix is stripped before the call. A client that sent its own
// `thinking` keeps it (only the suffix goes). Pure: works on a body copy the caller owns.
import type { ClaudeSettings } from '../types.js';
import type { Obj } from '../shape.js';

export const THINKING_SUFFIX = '-thinking';
/** new-api raises max_tokens to at least this much so that a budget fits. */
export const THINKING_MIN_MAX_TOKENS = 1280;
/** Anthropic's smallest accepted budget_tokens. */
export const THINKING_MIN_BUDGET = 1024;

const positiveInt = (x: unknown): number | undefined => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : undefined);

export function defaultMaxTokens(s: ClaudeSettings, model: string): number {
  return s.defaultMaxTokens.get(model) ?? s.defaultMaxTokens.get('default') ?? 8192;
}

/** Applies the default max_tokens and the thinking adapter to `body` (whose `model` is the upstream name). */
export function applyClaudeDefaults(body: Obj, s: ClaudeSettings): void {
  const model = typeof body.model === 'string' ? body.model : '';
  if (body.max_tokens === undefined || body.max_tokens === null) body.max_tokens = defaultMaxTokens(s, model);
  if (!s.thinkingAdapter || !model.endsWith(THINKING_SUFFIX)) return;
  body.model = model.slice(0, -THINKING_SUFFIX.length);
  if (body.thinking !== undefined && body.thinking !== null) return;
  const max = Math.max(positiveInt(body.max_tokens) ?? 0, THINKING_MIN_MAX_TOKENS);
  body.max_tokens = max;
  const budget = Math.min(Math.max(Math.floor(max * s.thinkingBudgetShare), THINKING_MIN_BUDGET), max - 1);
  body.thinking = { type: 'enabled', budget_tokens: budget };
  // Extended thinking refuses a changed temperature, top_p or top_k (new-api: temperature 1, top_p dropped).
  body.temperature = 1;
  delete body.top_p;
  delete body.top_k;
}
