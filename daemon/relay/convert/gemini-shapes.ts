// Small shared pieces of the Gemini ⇄ OpenAI bridges: finish reasons (reference §6.2: STOP → stop, MAX_TOKENS →
// length, function calls → tool_calls, anything else → content_filter), the billed usage as usageMetadata, tool
// call ids, and thought signatures carried in OpenAI tool calls the way Google's own OpenAI endpoint does
// (`extra_content.google.thought_signature`), so a client can send them back on its next turn.
import { randomUUID } from 'node:crypto';
import type { Usage } from '../../billing/quota.js';
import { isObj, str, type Obj } from '../../providers/shape.js';
import type { OpenaiFinish } from './finish-reasons.js';

export function geminiFinishToOpenai(reason: unknown, toolCalls: boolean): OpenaiFinish {
  if (toolCalls) return 'tool_calls';
  if (reason === 'STOP') return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  return 'content_filter'; // SAFETY, RECITATION, BLOCKLIST, PROHIBITED_CONTENT, SPII, IMAGE_SAFETY, OTHER …
}

export function openaiFinishToGemini(reason: unknown): string {
  if (reason === 'length') return 'MAX_TOKENS';
  if (reason === 'content_filter') return 'SAFETY';
  return 'STOP'; // stop, tool_calls (Gemini ends a function-call turn with STOP), none given
}

const count = (x: number | undefined): number => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? Math.floor(x) : 0);

/** The billed usage as Gemini's usageMetadata (thoughts apart from the candidates, as Google reports them). */
export function geminiUsageJson(u: Partial<Usage>): Obj {
  const prompt = count(u.promptTokens);
  const completion = count(u.completionTokens);
  const thoughts = Math.min(count(u.reasoningTokens), completion);
  const out: Obj = { promptTokenCount: prompt, candidatesTokenCount: completion - thoughts, totalTokenCount: prompt + completion };
  if (thoughts) out.thoughtsTokenCount = thoughts;
  if (count(u.cachedTokens)) out.cachedContentTokenCount = count(u.cachedTokens);
  return out;
}

/** An id for a function call Gemini gave none (OpenAI clients pair results with calls by id). */
export const newToolCallId = (): string => `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`;

/** The thought signature an OpenAI tool call carries back, if any. */
export function toolCallSignature(call: Obj): string {
  const extra = isObj(call.extra_content) && isObj(call.extra_content.google) ? call.extra_content.google : null;
  return extra ? str(extra.thought_signature) : '';
}

export const withSignature = (call: Obj, signature: string): Obj =>
  signature ? Object.assign({}, call, { extra_content: { google: { thought_signature: signature } } }) : call;

/**
 * Gemini 2.5+ refuses a replayed function call without the signature its thinking produced; a turn that lost it
 * (written by another model, or by a client that dropped it) carries Google's documented placeholder instead.
 */
export const SIGNATURE_PLACEHOLDER = 'skip_thought_signature_validator';

/** `data:<type>;base64,<data>` → its parts. */
export function dataUrl(url: string): { mimeType: string; data: string } | null {
  const m = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  return m ? { mimeType: m[1].toLowerCase(), data: m[2] } : null;
}
