// Claude stream events as OpenAI chat chunks (reference §6.1). Text → delta.content, thinking → delta.reasoning_content,
// a thinking block's signature (and any redacted block) → delta.thinking_blocks so the client can return them;
// each tool_use block becomes its own tool call index, so parallel calls stay apart; message_delta's stop reason
// → the finish chunk. The usage chunk (for a client that asked) and [DONE] come at the end, with the billed usage.
// An upstream `error` event becomes an OpenAI error chunk; ping, content_block_stop and message_stop show nothing.
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, UpstreamCall } from '../../providers/types.js';
import { isObj, str, type Obj } from '../../providers/shape.js';
import type { StreamConverter } from './bridge.js';
import { claudeStopToOpenai } from './finish-reasons.js';
import { openaiUsageJson } from './usage-shapes.js';

export function claudeToOpenaiStream(call: UpstreamCall, client: { includeUsage: boolean }): StreamConverter {
  let id = `chatcmpl-${call.created}`;
  let model = call.model;
  /** Claude content index → OpenAI tool call index. */
  const toolIndex = new Map<number, number>();

  const chunk = (delta: Obj, finish: string | null = null): SseEvent => ({
    data: JSON.stringify({ id, object: 'chat.completion.chunk', created: call.created, model, choices: [{ index: 0, delta, finish_reason: finish }] }),
  });
  const errorChunk = (message: string, type: string, code: string | null): SseEvent => ({ data: JSON.stringify({ error: { message, type, param: null, code } }) });

  return {
    push(ev) {
      let e: unknown;
      try {
        e = JSON.parse(ev.data);
      } catch {
        return [];
      }
      if (!isObj(e)) return [];
      switch (str(e.type) || ev.event) {
        case 'message_start': {
          const m = isObj(e.message) ? e.message : {};
          if (str(m.id)) id = str(m.id);
          if (str(m.model)) model = str(m.model);
          return [chunk({ role: 'assistant', content: '' })];
        }
        case 'content_block_start': {
          const b = isObj(e.content_block) ? e.content_block : {};
          if (b.type === 'tool_use') {
            const index = toolIndex.size;
            toolIndex.set(Number(e.index), index);
            return [chunk({ tool_calls: [{ index, id: str(b.id), type: 'function', function: { name: str(b.name), arguments: '' } }] })];
          }
          if (b.type === 'redacted_thinking') return [chunk({ thinking_blocks: [{ type: 'redacted_thinking', data: str(b.data) }] })];
          if (b.type === 'text' && str(b.text)) return [chunk({ content: str(b.text) })];
          return [];
        }
        case 'content_block_delta': {
          const d = isObj(e.delta) ? e.delta : {};
          if (d.type === 'text_delta') return [chunk({ content: str(d.text) })];
          if (d.type === 'thinking_delta') return [chunk({ reasoning_content: str(d.thinking) })];
          if (d.type === 'signature_delta') return [chunk({ thinking_blocks: [{ type: 'thinking', thinking: '', signature: str(d.signature) }] })];
          if (d.type === 'input_json_delta') {
            const index = toolIndex.get(Number(e.index));
            return index === undefined ? [] : [chunk({ tool_calls: [{ index, function: { arguments: str(d.partial_json) } }] })];
          }
          return [];
        }
        case 'message_delta': {
          const d = isObj(e.delta) ? e.delta : {};
          return d.stop_reason ? [chunk({}, claudeStopToOpenai(d.stop_reason))] : [];
        }
        case 'error': {
          const err = isObj(e.error) ? e.error : {};
          return [errorChunk(str(err.message) || 'upstream error', str(err.type) || 'upstream_error', null)];
        }
        default:
          return [];
      }
    },
    end(billed: Usage) {
      const out: SseEvent[] = [];
      if (client.includeUsage)
        out.push({ data: JSON.stringify({ id, object: 'chat.completion.chunk', created: call.created, model, choices: [], usage: openaiUsageJson(billed) }) });
      out.push({ data: '[DONE]' });
      return out;
    },
    interrupted: (message, code) => [errorChunk(message, 'upstream_error', code)],
  };
}
