// The billed usage (billing/quota.ts convention: prompt total with cache reads and writes as parts of it) written
// in each protocol's own `usage` shape. Anthropic's input_tokens excludes both cache counts; OpenAI's
// prompt_tokens includes them, with the reads as prompt_tokens_details.cached_tokens.
import type { Usage } from '../../billing/quota.js';

const count = (x: number | undefined): number => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? Math.floor(x) : 0);

export interface ClaudeUsageJson {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export function claudeUsageJson(u: Partial<Usage>): ClaudeUsageJson {
  const read = count(u.cachedTokens);
  const write = count(u.cacheWriteTokens);
  return {
    input_tokens: Math.max(0, count(u.promptTokens) - read - write),
    output_tokens: count(u.completionTokens),
    cache_read_input_tokens: read,
    cache_creation_input_tokens: write,
  };
}

export function openaiUsageJson(u: Partial<Usage>) {
  const read = count(u.cachedTokens);
  const write = count(u.cacheWriteTokens);
  const prompt = Math.max(count(u.promptTokens), read + write);
  const completion = count(u.completionTokens);
  const details: Record<string, number> = { cached_tokens: read };
  if (write) details.cached_creation_tokens = write; // new-api's name for Anthropic's cache writes
  const out: Record<string, unknown> = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: details };
  if (count(u.reasoningTokens)) out.completion_tokens_details = { reasoning_tokens: count(u.reasoningTokens) };
  return out;
}
