// OpenAI chat chunks as Gemini stream chunks (a Gemini client on an OpenAI-compatible channel): text and reasoning
// deltas become chunks with a text part (thought: true for reasoning) as they arrive; tool calls are gathered by
// index — and by id, since some upstreams give parallel calls all index 0 (lessons §1b #13) — and sent as whole
// functionCall parts once the finish chunk comes (Gemini never streams a call in pieces). The finishReason and the
// billed usageMetadata go in the last chunk, at the end, since many upstreams send their usage after the finish
// chunk. Only the first choice is converted.
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import type { StreamConverter } from './bridge.js';
import { geminiUsageJson, openaiFinishToGemini } from './gemini-shapes.js';
import { functionCallPart } from './openai-to-gemini-response.js';
import { geminiErrorEvent } from '../../providers/gemini/stream.js';
import { googleErrorJson } from '../../providers/gemini/errors.js';

export function openaiToGeminiStream(call: UpstreamCall): StreamConverter {
  let model = call.model;
  let responseId = `resp-${call.created}`;
  let finish: unknown = null;
  const calls: { key: number; id: string; name: string; args: string }[] = [];

  const chunk = (parts: Obj[], extra: Obj = {}): SseEvent => ({
    data: JSON.stringify({ candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion: model, responseId }),
  });
  /** Tool calls gathered so far as parts (sent once, then forgotten). */
  const flushCalls = (): Obj[] => calls.splice(0).map((c) => functionCallPart(c.id, c.name, c.args));

  return {
    push(ev) {
      let e: unknown;
      try {
        e = JSON.parse(ev.data);
      } catch {
        return []; // [DONE] and anything else that is not a chunk
      }
      if (!isObj(e)) return [];
      if (e.error) {
        const err = isObj(e.error) ? e.error : { message: str(e.error) };
        return [{ data: JSON.stringify(googleErrorJson(500, str(err.message) || 'upstream error', str(err.type))) }];
      }
      if (str(e.model)) model = str(e.model);
      if (str(e.id)) responseId = str(e.id);
      const choice = list(e.choices).find((c) => isObj(c) && (c.index ?? 0) === 0) as Obj | undefined;
      if (!choice) return []; // a usage-only chunk: its numbers arrive billed, at the end
      const d = isObj(choice.delta) ? choice.delta : {};
      const out: SseEvent[] = [];
      const reasoning = str(d.reasoning_content) || str(d.reasoning);
      if (reasoning) out.push(chunk([{ text: reasoning, thought: true }]));
      if (typeof d.content === 'string' && d.content) out.push(chunk([{ text: d.content }]));
      for (const c of list(d.tool_calls).filter(isObj)) {
        const key = typeof c.index === 'number' ? c.index : 0;
        const f = isObj(c.function) ? c.function : {};
        let acc = calls.findLast((x) => x.key === key);
        if (!acc || (str(c.id) && acc.id && str(c.id) !== acc.id)) calls.push((acc = { key, id: str(c.id), name: '', args: '' }));
        acc.name += str(f.name);
        acc.args += str(f.arguments);
      }
      if (choice.finish_reason) {
        finish = choice.finish_reason;
        const parts = flushCalls();
        if (parts.length) out.push(chunk(parts));
      }
      return out;
    },
    end(billed: Usage) {
      const parts = flushCalls();
      return [{
        data: JSON.stringify({
          candidates: [{ content: { role: 'model', parts: parts.length ? parts : [{ text: '' }] }, finishReason: openaiFinishToGemini(finish), index: 0 }],
          usageMetadata: geminiUsageJson(billed), modelVersion: model, responseId,
        }),
      }];
    },
    interrupted: (message, code) => [geminiErrorEvent(message, code)],
  };
}
