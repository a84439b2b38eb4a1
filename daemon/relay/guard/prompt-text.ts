// The text a client sends as its prompt, for the sensitive-word check (reference §9.5: chat messages, completion
// prompt, moderation and embedding input). Read from the fields every inbound format uses for prompts, so OpenAI,
// Responses, rerank, Claude and Gemini bodies are covered alike; images, audio and token arrays are skipped. Pure.
import type { InboundBody } from '../../providers/types.js';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Strings of a content value: a string, parts with `text`, nested `content` (Responses items), Gemini `parts`. */
function collect(x: unknown, out: string[], depth = 0): void {
  if (depth > 8) return;
  if (typeof x === 'string') {
    if (x) out.push(x);
  } else if (Array.isArray(x)) {
    for (const item of x) collect(item, out, depth + 1);
  } else if (isObj(x)) {
    if (typeof x.text === 'string' && x.text) out.push(x.text);
    if (x.content !== undefined) collect(x.content, out, depth + 1);
    if (x.parts !== undefined) collect(x.parts, out, depth + 1);
  }
}

const PROMPT_FIELDS = ['messages', 'system', 'prompt', 'input', 'instructions', 'query', 'documents', 'contents', 'systemInstruction', 'system_instruction'];

export function promptText(body: InboundBody): string {
  const out: string[] = [];
  if (body.kind === 'form') {
    const v = body.value.get('prompt');
    if (typeof v === 'string' && v) out.push(v);
  } else {
    for (const f of PROMPT_FIELDS) collect(body.value[f], out);
  }
  // One piece per line, so a word is never found across two messages.
  return out.join('\n');
}
