// Gemini stream chunks as OpenAI chat chunks (reference §6.2): per candidate (choice index), a role chunk first,
// then text → delta.content, thought parts → delta.reasoning_content, each functionCall part → its own tool call
// index with the whole arguments (Gemini sends calls complete; parallel calls stay apart, lessons §1b #13), and
// the finishReason → a finish chunk (tool_calls when the candidate called a function). The usage chunk (for a
// client that asked) and [DONE] come at the end with the billed usage. An in-band error becomes an OpenAI error
// chunk.
import type { Usage } from '../../billing/quota.js';
import type { SseEvent, UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import { candidateParts } from '../../providers/gemini/usage.js';
import type { StreamConverter } from './bridge.js';
import { openaiUsageJson } from './usage-shapes.js';
import { geminiFinishToOpenai } from './gemini-shapes.js';
import { partDelta } from './gemini-to-openai-response.js';

export function geminiToOpenaiStream(call: UpstreamCall, client: { includeUsage: boolean }): StreamConverter {
  let id = `chatcmpl-${call.created}`;
  let model = call.model;
  /** Per choice: tool calls seen so far (their count is the next index), and whether its role chunk went out. */
  const choices = new Map<number, { calls: number; started: boolean; finished: boolean }>();

  const chunk = (index: number, delta: Obj, finish: string | null = null): SseEvent => ({
    data: JSON.stringify({ id, object: 'chat.completion.chunk', created: call.created, model, choices: [{ index, delta, finish_reason: finish }] }),
  });

  return {
    push(ev) {
      let e: unknown;
      try {
        e = JSON.parse(ev.data);
      } catch {
        return [];
      }
      if (!isObj(e)) return [];
      if (isObj(e.error)) {
        const err = e.error;
        return [{ data: JSON.stringify({ error: { message: str(err.message) || 'upstream error', type: str(err.status) || 'upstream_error', param: null, code: err.code ?? null } }) }];
      }
      if (str(e.responseId)) id = `chatcmpl-${str(e.responseId)}`;
      if (str(e.modelVersion)) model = str(e.modelVersion);
      const out: SseEvent[] = [];
      const candidates = list(e.candidates).filter(isObj);
      // A prompt blocked before any candidate: the answer ends here, filtered.
      if (!candidates.length && isObj(e.promptFeedback) && str(e.promptFeedback.blockReason)) {
        if (!choices.has(0)) out.push(chunk(0, { role: 'assistant', content: '' }));
        choices.set(0, { calls: 0, started: true, finished: true });
        out.push(chunk(0, {}, 'content_filter'));
        return out;
      }
      candidates.forEach((c, i) => {
        const index = typeof c.index === 'number' ? c.index : i;
        let state = choices.get(index);
        if (!state) choices.set(index, (state = { calls: 0, started: false, finished: false }));
        let content = '';
        let reasoning = '';
        const toolCalls: Obj[] = [];
        for (const p of candidateParts(c)) {
          const d = partDelta(p);
          if (d?.call) toolCalls.push({ index: state.calls++, ...d.call });
          content += d?.content ?? '';
          reasoning += d?.reasoning ?? '';
        }
        const delta: Obj = {};
        if (!state.started) {
          delta.role = 'assistant';
          delta.content = '';
          state.started = true;
        }
        if (reasoning) delta.reasoning_content = reasoning;
        if (content) delta.content = content;
        if (toolCalls.length) delta.tool_calls = toolCalls;
        if (Object.keys(delta).length) out.push(chunk(index, delta));
        if (str(c.finishReason) && !state.finished) {
          state.finished = true;
          out.push(chunk(index, {}, geminiFinishToOpenai(c.finishReason, state.calls > 0)));
        }
      });
      return out;
    },
    end(billed: Usage) {
      const out: SseEvent[] = [];
      if (client.includeUsage)
        out.push({ data: JSON.stringify({ id, object: 'chat.completion.chunk', created: call.created, model, choices: [], usage: openaiUsageJson(billed) }) });
      out.push({ data: '[DONE]' });
      return out;
    },
    interrupted: (message, code) => [{ data: JSON.stringify({ error: { message, type: 'upstream_error', param: null, code } }) }],
  };
}
