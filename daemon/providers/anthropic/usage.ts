// Usage and output as Anthropic's Messages API reports them, normalised to the billing convention (billing/quota.ts):
// Anthropic counts `input_tokens` WITHOUT the cache reads and writes, so the prompt total is input + cache read +
// cache write, with both cache counts kept as parts of it (never subtracted twice, never dropped: reference §4.4
// Caution, lessons §1a #6). A cache write reported only as its 5m/1h split is summed.
import type { Usage } from '../../billing/quota.js';
import type { CompletionText } from '../../billing/token-count.js';
import { isObj, list, str } from '../shape.js';

const n = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);

/** Cache-write tokens: the total, else the sum of the ephemeral 5m/1h split. */
function cacheWrite(u: Record<string, unknown>): number | undefined {
  const total = n(u.cache_creation_input_tokens);
  if (total !== undefined) return total;
  const split = isObj(u.cache_creation) ? u.cache_creation : null;
  if (!split) return undefined;
  const parts = [n(split.ephemeral_5m_input_tokens), n(split.ephemeral_1h_input_tokens)].filter((v): v is number => v !== undefined);
  return parts.length ? parts.reduce((a, b) => a + b, 0) : undefined;
}

/** The raw counts of a `usage` object (fields absent stay absent, so a message_delta can update a message_start). */
export interface ClaudeCounts {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export function readClaudeCounts(u: unknown): ClaudeCounts | null {
  if (!isObj(u)) return null;
  const c: ClaudeCounts = {};
  const input = n(u.input_tokens);
  const output = n(u.output_tokens);
  const read = n(u.cache_read_input_tokens);
  const write = cacheWrite(u);
  if (input !== undefined) c.input = input;
  if (output !== undefined) c.output = output;
  if (read !== undefined) c.cacheRead = read;
  if (write !== undefined) c.cacheWrite = write;
  return Object.keys(c).length ? c : null;
}

export function countsToUsage(c: ClaudeCounts): Partial<Usage> {
  const read = c.cacheRead ?? 0;
  const write = c.cacheWrite ?? 0;
  const out: Partial<Usage> = { promptTokens: (c.input ?? 0) + read + write };
  if (c.output !== undefined) out.completionTokens = c.output; // absent: not reported yet (counted instead)
  if (read) out.cachedTokens = read;
  if (write) out.cacheWriteTokens = write;
  return out;
}

/** Usage from a Messages `usage` object, or null when it holds no count. */
export function readClaudeUsage(u: unknown): Partial<Usage> | null {
  const c = readClaudeCounts(u);
  return c ? countsToUsage(c) : null;
}

/** The output of a whole message: text, thinking, and each tool_use's name and input. */
export function messageOutput(json: unknown): CompletionText {
  const out = { text: '', reasoning: '', toolCalls: [] as { name: string; arguments: string }[] };
  for (const b of isObj(json) ? list(json.content) : []) {
    if (!isObj(b)) continue;
    if (b.type === 'text') out.text += str(b.text);
    else if (b.type === 'thinking') out.reasoning += str(b.thinking);
    else if (b.type === 'tool_use' || b.type === 'server_tool_use') out.toolCalls.push({ name: str(b.name), arguments: JSON.stringify(b.input ?? {}) });
  }
  return out;
}
