// Usage and output as OpenAI's APIs report them, normalised to the billing convention (billing/quota.ts: input
// total with cache and audio as parts of it; output total with reasoning and audio as parts of it).
// Shapes read: chat/completions/embeddings `prompt_tokens`/`completion_tokens` with `*_details`; Responses and
// gpt-image `input_tokens`/`output_tokens` with `*_details`; DeepSeek `prompt_cache_hit_tokens`; rerank
// `total_tokens` alone; transcription `{type:'duration', seconds}`.
import type { Usage } from '../../billing/quota.js';
import { audioDurationTokens, type CompletionText } from '../../billing/token-count.js';
import { isObj, str } from '../shape.js';

const n = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);

/** Usage from a `usage` object, or null when it holds no count. */
export function readUsage(u: unknown): Partial<Usage> | null {
  if (!isObj(u)) return null;
  if (u.type === 'duration' && n(u.seconds) !== undefined) return { promptTokens: audioDurationTokens(n(u.seconds)!), completionTokens: 0 };
  const inDetails = isObj(u.prompt_tokens_details) ? u.prompt_tokens_details : isObj(u.input_tokens_details) ? u.input_tokens_details : {};
  const outDetails = isObj(u.completion_tokens_details) ? u.completion_tokens_details : isObj(u.output_tokens_details) ? u.output_tokens_details : {};
  const prompt = n(u.prompt_tokens) ?? n(u.input_tokens);
  const completion = n(u.completion_tokens) ?? n(u.output_tokens);
  const total = n(u.total_tokens);
  if (prompt === undefined && completion === undefined && total === undefined) return null;
  const out: Partial<Usage> = {
    promptTokens: prompt ?? Math.max(0, (total ?? 0) - (completion ?? 0)),
    completionTokens: completion ?? 0,
  };
  const cached = n(inDetails.cached_tokens) ?? n(u.prompt_cache_hit_tokens);
  if (cached) out.cachedTokens = cached;
  if (n(inDetails.audio_tokens)) out.audioPromptTokens = n(inDetails.audio_tokens);
  if (n(outDetails.reasoning_tokens)) out.reasoningTokens = n(outDetails.reasoning_tokens);
  if (n(outDetails.audio_tokens)) out.audioCompletionTokens = n(outDetails.audio_tokens);
  return out;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (isObj(p) ? str(p.text) || str(p.refusal) : '')).join('');
}

/** The output of a chat or completions answer: every choice's text, reasoning and tool calls. */
export function choicesOutput(json: unknown): CompletionText {
  const out = { text: '', reasoning: '', toolCalls: [] as { name?: string; arguments?: string }[] };
  const choices = isObj(json) && Array.isArray(json.choices) ? json.choices : [];
  for (const c of choices) {
    if (!isObj(c)) continue;
    out.text += str(c.text);
    const m = isObj(c.message) ? c.message : null;
    if (!m) continue;
    out.text += contentText(m.content);
    out.reasoning += str(m.reasoning_content) || str(m.reasoning);
    for (const call of Array.isArray(m.tool_calls) ? m.tool_calls : []) {
      const f = isObj(call) && isObj(call.function) ? call.function : null;
      if (f) out.toolCalls.push({ name: str(f.name), arguments: str(f.arguments) });
    }
  }
  return out;
}

/** The output of a Responses API answer: output text, reasoning summaries and function calls. */
export function responsesOutput(response: unknown): CompletionText {
  const out = { text: '', reasoning: '', toolCalls: [] as { name?: string; arguments?: string }[] };
  const items = isObj(response) && Array.isArray(response.output) ? response.output : [];
  for (const item of items) {
    if (!isObj(item)) continue;
    if (item.type === 'function_call') out.toolCalls.push({ name: str(item.name), arguments: str(item.arguments) });
    else if (item.type === 'reasoning') out.reasoning += (Array.isArray(item.summary) ? item.summary : []).map((s) => (isObj(s) ? str(s.text) : '')).join('');
    else out.text += contentText(item.content);
  }
  return out;
}
