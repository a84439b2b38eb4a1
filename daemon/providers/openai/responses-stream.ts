// Responses API streams (`event: response.*`): events pass unchanged; output deltas are followed for counting and
// usage is read from the final response.completed / response.incomplete. The protocol has no [DONE]; a broken
// stream ends with an `error` event that carries an `error` object, so SDKs raise it.
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, StreamTransform } from '../types.js';
import { isObj, str } from '../shape.js';
import { readUsage } from './usage.js';

export function responsesStream(): StreamTransform {
  const calls = new Map<string, { name: string; arguments: string }>();
  const output = { text: '', reasoning: '', toolCalls: [] as { name: string; arguments: string }[] };
  const call = (id: string) => {
    let c = calls.get(id);
    if (!c) {
      calls.set(id, (c = { name: '', arguments: '' }));
      output.toolCalls.push(c);
    }
    return c;
  };

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
        return [];
      }
      if (!isObj(e)) return [];
      switch (str(e.type) || ev.event || '') {
        case 'response.output_text.delta':
        case 'response.refusal.delta':
          output.text += str(e.delta);
          break;
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta':
          output.reasoning += str(e.delta);
          break;
        case 'response.output_item.added':
          if (isObj(e.item) && e.item.type === 'function_call') call(str(e.item.id) || String(e.output_index)).name += str(e.item.name);
          break;
        case 'response.function_call_arguments.delta':
          call(str(e.item_id) || String(e.output_index)).arguments += str(e.delta);
          break;
        case 'response.completed':
        case 'response.incomplete':
          t.complete = true;
          t.usage = readUsage(isObj(e.response) ? e.response.usage : undefined) ?? t.usage;
          break;
        case 'response.failed':
        case 'error':
          t.failed = true;
          break;
      }
      return [ev];
    },
    end: () => [],
    interrupted(message: string, code: string): SseEvent[] {
      const error = { message, type: 'upstream_error', param: null, code };
      return [{ event: 'error', data: JSON.stringify({ type: 'error', code, message, param: null, error }) }];
    },
  };
  return t;
}
