// Chat and completions streams, followed chunk by chunk (reference §5). Chunks pass to the client unchanged;
// only a usage-only chunk is held back when the client did not ask for usage (we ask the upstream for it so that
// billing gets real numbers). Complete = `[DONE]` or a finish reason seen. A complete stream ends with the
// client's usage chunk (synthesised when the upstream sent none and the client asked) and `[DONE]`; a broken one
// ends with an error chunk the SDKs raise, never with `[DONE]`.
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { isObj, list, str, type Obj } from '../shape.js';
import { readUsage } from './usage.js';

export function chatStream(client: { includeUsage: boolean }, object: 'chat.completion.chunk' | 'text_completion'): StreamTransform {
  let usageSent = false;
  let meta: { id?: unknown; created?: unknown; model?: unknown } = {};
  const calls = new Map<string, { name: string; arguments: string }>();
  const output = { text: '', reasoning: '', toolCalls: [] as { name: string; arguments: string }[] };

  const follow = (chunk: Obj) => {
    for (const c of list(chunk.choices)) {
      if (!isObj(c)) continue;
      if (c.finish_reason) t.complete = true;
      output.text += str(c.text);
      const d = isObj(c.delta) ? c.delta : null;
      if (!d) continue;
      output.text += str(d.content);
      output.reasoning += str(d.reasoning_content) || str(d.reasoning);
      for (const call of list(d.tool_calls)) {
        if (!isObj(call)) continue;
        const id = `${c.index ?? 0}:${call.index ?? 0}`;
        let acc = calls.get(id);
        if (!acc) {
          calls.set(id, (acc = { name: '', arguments: '' }));
          output.toolCalls.push(acc);
        }
        const f = isObj(call.function) ? call.function : {};
        acc.name += str(f.name);
        acc.arguments += str(f.arguments);
      }
    }
  };

  const t: StreamTransform & { complete: boolean; failed: boolean; usage: Partial<Usage> | null } = {
    complete: false,
    failed: false,
    usage: null,
    output,
    push(ev: SseEvent): SseEvent[] {
      const data = ev.data.trim();
      if (data === '[DONE]') {
        t.complete = true;
        return []; // end() writes it, and only for a complete stream
      }
      let chunk: unknown;
      try {
        chunk = JSON.parse(data);
      } catch {
        return []; // a malformed chunk would break the client's parser: dropped
      }
      if (!isObj(chunk)) return [];
      if (chunk.error) {
        t.failed = true;
        return [ev];
      }
      meta = { id: chunk.id ?? meta.id, created: chunk.created ?? meta.created, model: chunk.model ?? meta.model };
      const u = readUsage(chunk.usage);
      if (u) t.usage = u;
      follow(chunk);
      const usageOnly = u !== null && !list(chunk.choices).length;
      if (usageOnly && !client.includeUsage) return [];
      if (u && client.includeUsage) usageSent = true;
      return [ev];
    },
    end(billed: Usage): SseEvent[] {
      const out: SseEvent[] = [];
      if (client.includeUsage && !usageSent) {
        const usage = { prompt_tokens: billed.promptTokens, completion_tokens: billed.completionTokens, total_tokens: billed.promptTokens + billed.completionTokens };
        out.push({ data: JSON.stringify({ id: meta.id ?? '', object, created: meta.created ?? 0, model: meta.model ?? '', choices: [], usage }) });
      }
      out.push({ data: '[DONE]' });
      return out;
    },
    interrupted(message: string, code: string): SseEvent[] {
      return [{ data: JSON.stringify({ error: { message, type: 'upstream_error', param: null, code } }) }];
    },
  };
  return t;
}
