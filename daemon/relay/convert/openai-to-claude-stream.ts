// OpenAI chat chunks as Claude stream events (reference §6.1): message_start on the first chunk, then one content
// block per run of text (text block), reasoning (thinking block) or tool call (tool_use block, input streamed as
// input_json_delta), each closed with content_block_stop before the next opens. Tool calls are kept apart by their
// index — and by their id, since some upstreams give parallel calls all index 0 (lessons §1b #13). The finish
// reason and the usage are held until the end: many upstreams send the usage after the finish chunk, and the
// closing message_delta must carry the billed numbers. Only the first choice is converted (Claude has no `n`).
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import type { StreamConverter } from './bridge.js';
import { openaiFinishToClaude } from './finish-reasons.js';
import { claudeUsageJson } from './usage-shapes.js';
import { claudeErrorEvent } from '../../providers/anthropic/stream.js';

const event = (type: string, body: Obj = {}): SseEvent => ({ event: type, data: JSON.stringify({ type, ...body }) });

export function openaiToClaudeStream(call: UpstreamCall): StreamConverter {
  let started = false;
  let next = 0;
  let open: { kind: 'text' | 'thinking'; index: number } | null = null;
  /** OpenAI tool call index → the Claude block it streams into. */
  const tools = new Map<number, { index: number; id: string }>();
  let openTools: number[] = [];
  let finish: unknown = null;

  const start = (chunk: Obj, out: SseEvent[]) => {
    if (started) return;
    started = true;
    const id = str(chunk.id);
    out.push(event('message_start', {
      message: {
        id: id.startsWith('msg_') ? id : `msg_${id || call.created}`, type: 'message', role: 'assistant', model: str(chunk.model) || call.model,
        content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: call.promptTokens, output_tokens: 0 },
      },
    }));
  };
  const closeAll = (out: SseEvent[]) => {
    if (open) out.push(event('content_block_stop', { index: open.index }));
    open = null;
    for (const index of openTools) out.push(event('content_block_stop', { index }));
    openTools = [];
  };
  const runOf = (kind: 'text' | 'thinking', delta: Obj, out: SseEvent[]) => {
    if (open?.kind !== kind) {
      closeAll(out);
      open = { kind, index: next++ };
      out.push(event('content_block_start', { index: open.index, content_block: kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' } }));
    }
    out.push(event('content_block_delta', { index: open.index, delta }));
  };
  const toolCall = (c: Obj, out: SseEvent[]) => {
    const key = typeof c.index === 'number' ? c.index : 0;
    const f = isObj(c.function) ? c.function : {};
    let t = tools.get(key);
    if (!t || (str(c.id) && t.id && str(c.id) !== t.id)) {
      closeAll(out);
      t = { index: next++, id: str(c.id) || `toolu_${call.created}_${key}` };
      tools.set(key, t);
      openTools = [t.index];
      out.push(event('content_block_start', { index: t.index, content_block: { type: 'tool_use', id: t.id, name: str(f.name), input: {} } }));
    }
    if (str(f.arguments)) out.push(event('content_block_delta', { index: t.index, delta: { type: 'input_json_delta', partial_json: str(f.arguments) } }));
  };

  return {
    push(ev) {
      let chunk: unknown;
      try {
        chunk = JSON.parse(ev.data);
      } catch {
        return []; // [DONE] and anything else that is not a chunk
      }
      if (!isObj(chunk)) return [];
      if (chunk.error) {
        const err = isObj(chunk.error) ? chunk.error : { message: str(chunk.error) };
        return [claudeErrorEvent(str(err.message) || 'upstream error', 'api_error')];
      }
      const out: SseEvent[] = [];
      const choice = list(chunk.choices).find((c) => isObj(c) && (c.index ?? 0) === 0) as Obj | undefined;
      if (!choice) return out; // a usage-only chunk: its numbers arrive billed, at the end
      start(chunk, out);
      const d = isObj(choice.delta) ? choice.delta : {};
      const reasoning = str(d.reasoning_content) || str(d.reasoning);
      if (reasoning) runOf('thinking', { type: 'thinking_delta', thinking: reasoning }, out);
      if (typeof d.content === 'string' && d.content) runOf('text', { type: 'text_delta', text: d.content }, out);
      for (const c of list(d.tool_calls)) if (isObj(c)) toolCall(c, out);
      if (choice.finish_reason) finish = choice.finish_reason;
      return out;
    },
    end(billed: Usage) {
      const out: SseEvent[] = [];
      start({}, out);
      closeAll(out);
      out.push(event('message_delta', { delta: { stop_reason: openaiFinishToClaude(finish), stop_sequence: null }, usage: claudeUsageJson(billed) }));
      out.push(event('message_stop'));
      return out;
    },
    interrupted: (message) => [claudeErrorEvent(message)],
  };
}
