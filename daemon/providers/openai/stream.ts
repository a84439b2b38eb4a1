// Chat and completions streams, followed chunk by chunk (reference §5). Chunks pass to the client unchanged;
// only a usage-only chunk is held back when the client did not ask for usage (we ask the upstream for it so that
// billing gets real numbers). Complete = `[DONE]` or a finish reason seen. A complete stream ends with the
// client's usage chunk (synthesised when the upstream sent none and the client asked) and `[DONE]`; a broken one
// ends with an error chunk the SDKs raise, never with `[DONE]`.
//
// Reading the text is deferred: it matters only when the upstream never reports usage or the client leaves
// mid-stream. Plain chunks (no usage or error: those keys absent or null, found by a scan of the raw text that
// also tells a finish reason, ~3x cheaper than JSON.parse) wait unparsed; the others are parsed at once for what billing needs
// now (usage, completion, error) and wait parsed. All are read, in order, when `output` is asked for or once they
// pass PENDING_LIMIT characters (bounded memory per stream). new-api keeps every chunk and parses at the end.
import type { Usage } from '../../billing/quota.js';
import type { CompletionText } from '../../billing/token-count.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { isObj, list, str, type Obj } from '../shape.js';
import { readUsage } from './usage.js';

export const PENDING_LIMIT = 64 * 1024;

type ToolCallText = { name: string; arguments: string };

/** What a scan tells of a key's values: all absent, null or "" / a non-empty string somewhere / anything else. */
export const KeyScan = { Empty: 0, Text: 1, Other: 2 } as const;
export type KeyScan = (typeof KeyScan)[keyof typeof KeyScan];

/**
 * The values of the key `"name"` wherever it occurs in a JSON text. An occurrence inside a string value cannot
 * match: its quotes would be escaped. "" counts as empty: some upstreams send an empty finish reason, which the
 * full reading (a truthiness test) takes as none. Anything unexpected answers Other, which only means a parse.
 */
export function scanKey(json: string, quotedKey: string): KeyScan {
  let found: KeyScan = KeyScan.Empty;
  let at = json.indexOf(quotedKey);
  while (at >= 0) {
    let i = at + quotedKey.length;
    while (json.charCodeAt(i) <= 32) i++; // JSON whitespace
    if (json.charCodeAt(i) === 58 /* : */) {
      i++;
      while (json.charCodeAt(i) <= 32) i++;
      const c = json.charCodeAt(i);
      if (c === 34 /* " */) {
        if (json.charCodeAt(i + 1) !== 34) found = KeyScan.Text;
      } else if (!json.startsWith('null', i)) return KeyScan.Other;
    }
    at = json.indexOf(quotedKey, i);
  }
  return found;
}

/**
 * A chunk that can pass unparsed: an object with no usage or error; `finished` when a choice has a finish reason.
 * null: it must be parsed.
 */
function readPlain(data: string): { finished: boolean } | null {
  if (data.charCodeAt(0) !== 123 /* { */ || data.charCodeAt(data.length - 1) !== 125 /* } */) return null;
  const finish = scanKey(data, '"finish_reason"');
  if (finish === KeyScan.Other || scanKey(data, '"usage"') !== KeyScan.Empty || scanKey(data, '"error"') !== KeyScan.Empty) return null;
  return finish === KeyScan.Text ? FINISHED : UNFINISHED;
}
const FINISHED = { finished: true };
const UNFINISHED = { finished: false };

class ChatStream implements StreamTransform {
  complete = false;
  failed = false;
  usage: Partial<Usage> | null = null;
  private usageSent = false;
  private meta: { id?: unknown; created?: unknown; model?: unknown } = {};
  private readonly calls = new Map<string, ToolCallText>();
  private readonly text: { text: string; reasoning: string; toolCalls: ToolCallText[] } = { text: '', reasoning: '', toolCalls: [] };
  /** Chunks whose text is not read yet, in order: raw (plain deltas) or already parsed. */
  private pending: (string | Obj)[] = [];
  private pendingChars = 0;

  constructor(
    private readonly includeUsage: boolean,
    private readonly object: 'chat.completion.chunk' | 'text_completion',
  ) {}

  /** The output passed to the client so far (reads the chunks still waiting unparsed). */
  get output(): CompletionText {
    this.readPending();
    return this.text;
  }

  push(ev: SseEvent): SseEvent[] {
    const data = ev.data.trim();
    if (data === '[DONE]') {
      this.complete = true;
      return []; // end() writes it, and only for a complete stream
    }
    const plain = readPlain(data);
    if (plain) {
      if (plain.finished) this.complete = true;
      this.wait(data, data.length);
      return [ev];
    }
    const chunk = parseChunk(data);
    if (!chunk) return []; // a malformed chunk would break the client's parser: dropped
    if (chunk.error) {
      this.failed = true;
      return [ev];
    }
    for (const c of list(chunk.choices)) if (isObj(c) && c.finish_reason) this.complete = true;
    this.wait(chunk, data.length); // its text is read in order with the chunks before it
    const u = readUsage(chunk.usage);
    if (u) this.usage = u;
    const usageOnly = u !== null && !list(chunk.choices).length;
    if (usageOnly && !this.includeUsage) return [];
    if (u && this.includeUsage) this.usageSent = true;
    return [ev];
  }

  end(billed: Usage): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.includeUsage && !this.usageSent) {
      this.readPending(); // the chunk's id, created and model come from the latest chunk
      const usage = { prompt_tokens: billed.promptTokens, completion_tokens: billed.completionTokens, total_tokens: billed.promptTokens + billed.completionTokens };
      const m = this.meta;
      out.push({ data: JSON.stringify({ id: m.id ?? '', object: this.object, created: m.created ?? 0, model: m.model ?? '', choices: [], usage }) });
    }
    out.push({ data: '[DONE]' });
    return out;
  }

  interrupted(message: string, code: string): SseEvent[] {
    return [{ data: JSON.stringify({ error: { message, type: 'upstream_error', param: null, code } }) }];
  }

  private wait(chunk: string | Obj, chars: number): void {
    this.pending.push(chunk);
    this.pendingChars += chars;
    if (this.pendingChars > PENDING_LIMIT) this.readPending();
  }

  private readPending(): void {
    if (!this.pending.length) return;
    const waiting = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    for (const item of waiting) {
      const chunk = typeof item === 'string' ? parseChunk(item) : item;
      if (chunk) this.follow(chunk); // malformed despite its braces: it was passed on, and carries no text we can read
    }
  }

  private follow(chunk: Obj): void {
    const m = this.meta;
    this.meta = { id: chunk.id ?? m.id, created: chunk.created ?? m.created, model: chunk.model ?? m.model };
    const out = this.text;
    for (const c of list(chunk.choices)) {
      if (!isObj(c)) continue;
      out.text += str(c.text);
      const d = isObj(c.delta) ? c.delta : null;
      if (!d) continue;
      out.text += str(d.content);
      out.reasoning += str(d.reasoning_content) || str(d.reasoning);
      for (const call of list(d.tool_calls)) {
        if (!isObj(call)) continue;
        const id = `${c.index ?? 0}:${call.index ?? 0}`;
        let acc = this.calls.get(id);
        if (!acc) {
          this.calls.set(id, (acc = { name: '', arguments: '' }));
          out.toolCalls.push(acc);
        }
        const f = isObj(call.function) ? call.function : {};
        acc.name += str(f.name);
        acc.arguments += str(f.arguments);
      }
    }
  }
}

function parseChunk(data: string): Obj | null {
  try {
    const chunk: unknown = JSON.parse(data);
    return isObj(chunk) ? chunk : null;
  } catch {
    return null;
  }
}

export function chatStream(client: { includeUsage: boolean }, object: 'chat.completion.chunk' | 'text_completion'): StreamTransform {
  return new ChatStream(client.includeUsage, object);
}
