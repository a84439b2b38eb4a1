// The built-in price data and the name rules new-api applies when it looks a model up (reference §4.2, §4.4, §4.10).
// The tables themselves are in contract/ratio-tables.ts (the option registry's defaults are their JSON text and the
// contract imports nothing outside itself); this file adds what is not an option: the completion-ratio rules per model
// family, the audio ratios, the cache-write ratio and the wildcard names.
export {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
  USD2RMB,
} from '../contract/ratio-tables.js';

/** Ratio new-api charges for a model it has no ratio for, when self-use mode (or the user's setting) allows it. */
export const UNKNOWN_MODEL_RATIO = 37.5;
/** Cache-read tokens of a model absent from CacheRatio cost as much as input tokens. */
export const CACHE_RATIO_FALLBACK = 1;
/** Cache-write (Anthropic cache creation) tokens cost 1.25 × input; new-api has no option for it. */
export const CACHE_CREATION_RATIO = 1.25;
/** An image model with only a ratio costs 0.0025 × ratio USD per image (reference §4.4 Images). */
export const IMAGE_PRICE_PER_RATIO = 0.0025;

/**
 * Names to try for a model, most specific first: the name itself, then its wildcard (every custom GPT
 * `gpt-4-gizmo-<id>` / `gpt-4o-gizmo-<id>` is priced as `gpt-4-gizmo-*` / `gpt-4o-gizmo-*`). new-api knows no
 * other normalisation; an unlisted dated snapshot is not priced as its base model (it may cost something else).
 */
export function lookupNames(model: string): string[] {
  const wildcard = model.startsWith('gpt-4-gizmo') ? 'gpt-4-gizmo-*' : model.startsWith('gpt-4o-gizmo') ? 'gpt-4o-gizmo-*' : null;
  return wildcard && wildcard !== model ? [model, wildcard] : [model];
}

/** The logged name of a wildcard-priced model: `gpt-4-gizmo-* (gpt-4-gizmo-abc)` (reference §4.4). */
export function loggedModelName(model: string): string {
  const names = lookupNames(model);
  return names.length > 1 ? `${names[1]} (${model})` : model;
}

/**
 * new-api's built-in output/input price ratio for a model family (reference §4.2 point 3); 1 when no rule applies.
 * The CompletionRatio option is consulted first (prices.ts), so an administrator can correct any of these.
 */
export function familyCompletionRatio(model: string): number {
  const name = lookupNames(model).at(-1)!;
  const lower = name.toLowerCase();
  if (name.startsWith('gpt-4') && !name.endsWith('-all') && !name.endsWith('-gizmo-*')) {
    if (name.startsWith('gpt-4o')) return name === 'gpt-4o-2024-05-13' ? 3 : 4;
    if (name.startsWith('gpt-4.5')) return 2;
    if (name.startsWith('gpt-4-turbo') || (name.startsWith('gpt-4-') && name.endsWith('preview'))) return 3;
    return 2; // an unmarked gpt-4 model
  }
  if (name.startsWith('o1') || name.startsWith('o3')) return 4;
  if (name === 'chatgpt-4o-latest') return 3;
  if (name.includes('claude-3')) return 5;
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return 3;
  if (name.startsWith('gpt-3.5')) {
    if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return 3;
    if (name.endsWith('1106')) return 2;
    return 4 / 3;
  }
  if (name.startsWith('mistral-')) return 3;
  if (name.startsWith('gemini-')) return name.startsWith('gemini-2.5-pro-preview') ? 8 : 4;
  if (name.startsWith('command')) {
    if (name === 'command-r') return 3;
    if (name === 'command-r-plus') return 5;
    return 4;
  }
  if (lower === 'deepseek-chat' || lower === 'deepseek-reasoner') return 4;
  if (['ERNIE-Speed-', 'ERNIE-Lite-', 'ERNIE-Character', 'ERNIE-Functions'].some((p) => name.startsWith(p))) return 2;
  if (name === 'llama2-70b-4096') return 0.8 / 0.64;
  if (name === 'llama3-8b-8192') return 2;
  if (name === 'llama3-70b-8192') return 0.79 / 0.59;
  return 1;
}

/** Audio-input tokens relative to text-input tokens of the same model (reference §4.4 audio). */
export function audioRatio(model: string): number {
  if (model.includes('-realtime')) {
    if (model.endsWith('gpt-4o-realtime-preview-2024-12-17')) return 8;
    return model.includes('mini') ? 10 / 0.6 : 20;
  }
  if (model.includes('-audio')) {
    if (model.endsWith('gpt-4o-audio-preview-2024-12-17')) return 16;
    return model.includes('mini') ? 10 / 0.15 : 40;
  }
  return 20;
}

/** Audio-output tokens relative to audio-input tokens (2 for every model new-api knows). */
export const audioCompletionRatio = (_model: string): number => 2;
