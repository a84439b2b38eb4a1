// A whole Gemini answer as an OpenAI chat completion (reference §6.2): each candidate → a choice; text parts →
// content, thought parts → reasoning_content, functionCall parts → tool_calls (ids from Gemini when it gave one,
// else new ones; each call's thought signature kept for the next turn), inline images → Markdown data-URL images
// as new-api writes them, code execution → fenced blocks. finishReason mapped (a function call makes it
// tool_calls); a prompt blocked before any candidate answers content_filter. The usage is the one billed.
import type { Usage } from '../../billing/quota.js';
import type { UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import { candidateParts } from '../../providers/gemini/usage.js';
import { openaiUsageJson } from './usage-shapes.js';
import { geminiFinishToOpenai, newToolCallId, withSignature } from './gemini-shapes.js';

/** What one Gemini part shows an OpenAI client; null for parts it has no place for. */
export function partDelta(p: Obj): { content?: string; reasoning?: string; call?: Obj } | null {
  if (isObj(p.functionCall)) {
    const f = p.functionCall;
    const call = { id: str(f.id) || newToolCallId(), type: 'function', function: { name: str(f.name), arguments: JSON.stringify(f.args ?? {}) } };
    return { call: withSignature(call, str(p.thoughtSignature)) };
  }
  if (p.thought === true) return { reasoning: str(p.text) };
  if (typeof p.text === 'string') return { content: p.text };
  if (isObj(p.inlineData)) {
    const mime = str(p.inlineData.mimeType);
    const label = mime.startsWith('image/') ? '![image]' : '[media]';
    return { content: `${label}(data:${mime};base64,${str(p.inlineData.data)})` };
  }
  if (isObj(p.executableCode)) return { content: `\`\`\`${str(p.executableCode.language).toLowerCase()}\n${str(p.executableCode.code)}\n\`\`\`\n` };
  if (isObj(p.codeExecutionResult)) return { content: `\`\`\`output\n${str(p.codeExecutionResult.output)}\n\`\`\`\n` };
  return null;
}

export function geminiToOpenaiResponse(json: unknown, call: UpstreamCall, billed: Usage): Obj {
  const res = isObj(json) ? json : {};
  const choices = list(res.candidates).filter(isObj).map((c, i) => {
    let content = '';
    let reasoning = '';
    const toolCalls: Obj[] = [];
    for (const p of candidateParts(c)) {
      const d = partDelta(p);
      if (d?.call) toolCalls.push(d.call);
      content += d?.content ?? '';
      reasoning += d?.reasoning ?? '';
    }
    const message: Obj = { role: 'assistant', content: content || (toolCalls.length ? null : '') };
    if (reasoning) message.reasoning_content = reasoning;
    if (toolCalls.length) message.tool_calls = toolCalls;
    return { index: typeof c.index === 'number' ? c.index : i, message, finish_reason: geminiFinishToOpenai(c.finishReason, toolCalls.length > 0), logprobs: null };
  });
  if (!choices.length) choices.push({ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter', logprobs: null });
  return {
    id: str(res.responseId) ? `chatcmpl-${str(res.responseId)}` : `chatcmpl-${call.created}`,
    object: 'chat.completion',
    created: call.created,
    model: str(res.modelVersion) || call.model,
    choices,
    usage: openaiUsageJson(billed),
  };
}
