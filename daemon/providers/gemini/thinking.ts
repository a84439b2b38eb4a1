// Gemini thinking (reference §6.2, new-api's thinking adapter): with gemini.thinking_adapter_enabled, a model name
// ending `-thinking-<N>` asks for a budget of N tokens, `-thinking` for thoughts with a budget of percentage ×
// maxOutputTokens (or one from reasoning_effort), `-nothinking` for none (2.5 Pro cannot turn it off); the suffix
// is stripped before the call. Budgets are clamped per model: 2.5 Pro 128–32768, 2.5 Flash-Lite 512–24576, others
// 0–24576. Apart from the adapter, an OpenAI reasoning_effort maps to a budget the same way (Gemini 3: a level).
// Pure.
import type { GeminiSettings } from '../types.js';
import type { Obj } from '../shape.js';

export const MAX_BUDGET = 24576;
const PRO_MIN = 128;
const PRO_MAX = 32768;
const LITE_MIN = 512;

/** 2.5 Pro except its two early previews (which took no budget). */
const isPro25 = (m: string) => m.startsWith('gemini-2.5-pro') && !m.startsWith('gemini-2.5-pro-preview-05-06') && !m.startsWith('gemini-2.5-pro-preview-03-25');
const isOldPro25 = (m: string) => m.startsWith('gemini-2.5-pro-preview-05-06') || m.startsWith('gemini-2.5-pro-preview-03-25');
const isLite25 = (m: string) => m.startsWith('gemini-2.5-flash-lite');
/** Gemini 3 takes a thinking level instead of a budget. */
const usesLevel = (m: string) => /^gemini-3/.test(m);

export function clampBudget(model: string, budget: number): number {
  const b = Math.floor(budget);
  if (isLite25(model)) return Math.min(Math.max(b, LITE_MIN), MAX_BUDGET);
  if (isPro25(model)) return Math.min(Math.max(b, PRO_MIN), PRO_MAX);
  return Math.min(Math.max(b, 0), MAX_BUDGET);
}

const EFFORT_SHARE: Readonly<Record<string, number>> = { high: 0.8, medium: 0.5, low: 0.2, minimal: 0.05 };

/** A budget from an OpenAI reasoning_effort: a share of the model's largest budget. */
export function budgetForEffort(model: string, effort: string): number {
  const max = isPro25(model) ? PRO_MAX : MAX_BUDGET;
  return clampBudget(model, Math.floor(max * (EFFORT_SHARE[effort] ?? 1)));
}

/** The thinkingConfig for an OpenAI reasoning_effort (none: thinking off where the model allows it). */
export function thinkingForEffort(model: string, effort: string): Obj | undefined {
  const e = effort.toLowerCase();
  if (usesLevel(model)) {
    const level = e === 'none' ? 'minimal' : e;
    return ['minimal', 'low', 'medium', 'high'].includes(level) ? { thinkingLevel: level, includeThoughts: level !== 'minimal' } : undefined;
  }
  if (e === 'none') return isPro25(model) ? { thinkingBudget: PRO_MIN } : { thinkingBudget: 0 };
  if (EFFORT_SHARE[e] === undefined) return undefined;
  return { thinkingBudget: budgetForEffort(model, e), includeThoughts: true };
}

/** An OpenAI reasoning_effort for a Gemini thinkingConfig (none when it asks for no particular effort). */
export function effortForThinking(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const c = config as { thinkingLevel?: unknown; thinkingBudget?: unknown };
  if (typeof c.thinkingLevel === 'string') {
    const level = c.thinkingLevel.toLowerCase();
    return ['minimal', 'low', 'medium', 'high'].includes(level) ? level : undefined;
  }
  const b = typeof c.thinkingBudget === 'number' ? c.thinkingBudget : -1;
  if (b <= 0) return undefined; // dynamic (-1) or off (0): let the upstream decide
  return b <= 1024 ? 'low' : b <= 8192 ? 'medium' : 'high';
}

export interface ThinkingSuffix {
  /** The model name without the suffix (what goes into the URL). */
  model: string;
  /** The thinkingConfig the suffix asks for; undefined: none to set (the suffix only goes). */
  config: Obj | undefined;
}

/**
 * The thinking a model-name suffix asks for, when the adapter is on; null when the name has no suffix.
 * `maxOutputTokens` and `effort` size a plain `-thinking` budget.
 */
export function thinkingSuffix(model: string, s: GeminiSettings, o: { maxOutputTokens?: number; effort?: string } = {}): ThinkingSuffix | null {
  if (!s.thinkingAdapter) return null;
  const numbered = /^(.+)-thinking-(\d+)$/.exec(model);
  if (numbered) {
    const base = numbered[1];
    return { model: base, config: { thinkingBudget: clampBudget(base, Number(numbered[2])), includeThoughts: true } };
  }
  if (model.endsWith('-thinking')) {
    const base = model.slice(0, -'-thinking'.length);
    if (isOldPro25(base)) return { model: base, config: { includeThoughts: true } };
    const max = o.maxOutputTokens;
    if (max !== undefined && max > 0) return { model: base, config: { thinkingBudget: clampBudget(base, max * s.thinkingBudgetShare), includeThoughts: true } };
    if (o.effort && EFFORT_SHARE[o.effort] !== undefined) return { model: base, config: { thinkingBudget: budgetForEffort(base, o.effort), includeThoughts: true } };
    return { model: base, config: { includeThoughts: true } };
  }
  if (model.endsWith('-nothinking')) {
    const base = model.slice(0, -'-nothinking'.length);
    return { model: base, config: isPro25(base) ? undefined : { thinkingBudget: 0 } };
  }
  return null;
}
