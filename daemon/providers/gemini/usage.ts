// Usage and output of Gemini answers (reference §6.2), normalised to the billing convention (billing/quota.ts):
// input = promptTokenCount (cached content included) + toolUsePromptTokenCount, with cachedContentTokenCount as the
// cache-read part; output = candidatesTokenCount + thoughtsTokenCount, with the thoughts as the reasoning part
// (Google bills thinking as output; lessons §1a #7). A stream repeats usageMetadata in its chunks; an intermediate
// one may lack the output count, which then stays unknown (counted from the text if the stream breaks off).
import type { Usage } from '../../billing/quota.js';
import type { CompletionText } from '../../billing/token-count.js';
import { isObj, list, str, type Obj } from '../shape.js';

const n = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? Math.floor(x) : undefined);

/** Usage from a `usageMetadata` object, or null when it holds no count. */
export function readGeminiUsage(meta: unknown): Partial<Usage> | null {
  if (!isObj(meta)) return null;
  const prompt = n(meta.promptTokenCount);
  const toolPrompt = n(meta.toolUsePromptTokenCount);
  const candidates = n(meta.candidatesTokenCount);
  const thoughts = n(meta.thoughtsTokenCount);
  const total = n(meta.totalTokenCount);
  const cached = n(meta.cachedContentTokenCount);
  if ([prompt, toolPrompt, candidates, thoughts, total].every((x) => x === undefined)) return null;
  const input = (prompt ?? 0) + (toolPrompt ?? 0);
  const out: Partial<Usage> = { promptTokens: input };
  if (candidates !== undefined || thoughts !== undefined) out.completionTokens = (candidates ?? 0) + (thoughts ?? 0);
  else if (total !== undefined && total > input) out.completionTokens = total - input;
  if (cached) out.cachedTokens = Math.min(cached, input);
  if (thoughts) out.reasoningTokens = thoughts;
  return out;
}

/** A candidate's parts, whatever else the candidate holds. */
export const candidateParts = (c: unknown): Obj[] =>
  (isObj(c) && isObj(c.content) ? list(c.content.parts) : []).filter(isObj);

/** Adds one answer (or stream chunk) to `out`: text, thought text, and each function call's name and arguments. */
export function addGeminiOutput(json: unknown, out: { text: string; reasoning: string; toolCalls: { name: string; arguments: string }[] }): void {
  for (const c of isObj(json) ? list(json.candidates) : []) {
    for (const p of candidateParts(c)) {
      if (isObj(p.functionCall)) out.toolCalls.push({ name: str(p.functionCall.name), arguments: JSON.stringify(p.functionCall.args ?? {}) });
      else if (p.thought === true) out.reasoning += str(p.text);
      else out.text += str(p.text);
    }
  }
}

export function geminiOutput(json: unknown): CompletionText {
  const out = { text: '', reasoning: '', toolCalls: [] as { name: string; arguments: string }[] };
  addGeminiOutput(json, out);
  return out;
}

/** The candidates of a chunk that say why they stopped, by index; and whether the prompt was blocked outright. */
export function finishedIn(json: unknown): { seen: number[]; finished: number[]; blocked: boolean } {
  const out = { seen: [] as number[], finished: [] as number[], blocked: false };
  if (!isObj(json)) return out;
  list(json.candidates).forEach((c, i) => {
    if (!isObj(c)) return;
    const index = typeof c.index === 'number' ? c.index : i;
    out.seen.push(index);
    if (typeof c.finishReason === 'string' && c.finishReason !== '') out.finished.push(index);
  });
  out.blocked = out.seen.length === 0 && isObj(json.promptFeedback) && str(json.promptFeedback.blockReason) !== '';
  return out;
}
