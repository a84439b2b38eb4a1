// Anthropic Messages streams (`event: <type>` + JSON data), followed event by event and passed to the client
// unchanged. Usage comes from message_start (input and cache counts; its output count is ignored) and message_delta
// (the cumulative output count; newer API versions repeat the input and cache counts there, which then win).
// Complete = message_stop seen; an `error` event is a failure already passed on. A stream that breaks off ends
// with an `error` event in Anthropic's own shape, never with a made-up message_stop.
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { isObj, str } from '../shape.js';
import { countsToUsage, readClaudeCounts, type ClaudeCounts } from './usage.js';

/** The `error` event a Claude client expects (the SDKs raise it as an APIError). */
export const claudeErrorEvent = (message: string, type = 'api_error'): SseEvent => ({
  event: 'error',
  data: JSON.stringify({ type: 'error', error: { type, message } }),
});

export function messagesStream(): StreamTransform {
  let counts: ClaudeCounts | null = null;
  /** Tool-use blocks by their content index (parallel calls stay apart). */
  const tools = new Map<number, { name: string; arguments: string }>();
  const output = { text: '', reasoning: '', toolCalls: [] as { name: string; arguments: string }[] };

  const t: StreamTransform & { complete: boolean; failed: boolean; usage: Partial<Usage> | null } = {
    complete: false,
    failed: false,
    usage: null,
    output,
    push(ev: SseEvent): SseEvent[] {
      let e: unknown;
      try {
        e = JSON.parse(ev.data);
      } catch {
        return []; // a malformed event would break the client's parser: dropped
      }
      if (!isObj(e)) return [];
      switch (str(e.type) || ev.event || '') {
        case 'message_start': {
          // Its output count is a placeholder (1): until message_delta brings the real one, output stays unknown,
          // so a stream cut before that is billed for the text delivered (stream-relay.ts disconnect rule).
          const c = readClaudeCounts(isObj(e.message) ? e.message.usage : undefined);
          if (c) {
            delete c.output;
            counts = { ...counts, ...c };
          }
          break;
        }
        case 'message_delta': {
          const c = readClaudeCounts(e.usage);
          if (c) counts = { ...counts, ...c };
          break;
        }
        case 'content_block_start': {
          const b = isObj(e.content_block) ? e.content_block : {};
          if (b.type === 'tool_use' || b.type === 'server_tool_use') {
            const call = { name: str(b.name), arguments: '' };
            tools.set(Number(e.index), call);
            output.toolCalls.push(call);
          } else if (b.type === 'text') output.text += str(b.text);
          break;
        }
        case 'content_block_delta': {
          const d = isObj(e.delta) ? e.delta : {};
          if (d.type === 'text_delta') output.text += str(d.text);
          else if (d.type === 'thinking_delta') output.reasoning += str(d.thinking);
          else if (d.type === 'input_json_delta') {
            const call = tools.get(Number(e.index));
            if (call) call.arguments += str(d.partial_json);
          }
          break;
        }
        case 'message_stop':
          t.complete = true;
          break;
        case 'error':
          t.failed = true;
          break;
      }
      if (counts) t.usage = countsToUsage(counts);
      return [ev];
    },
    end: () => [], // message_stop was the upstream's own last event, already passed on
    interrupted: (message: string) => [claudeErrorEvent(message)],
  };
  return t;
}
