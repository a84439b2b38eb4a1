// A whole OpenAI chat completion as a Gemini answer: each choice → a candidate whose parts are the reasoning (a
// thought part), the text, and one functionCall part per tool call (args parsed; the OpenAI id kept as the call's
// id, so the client's functionResponse can name it); finish reason and usage mapped (the usage is the one billed).
import type { Usage } from '../../billing/quota.js';
import type { UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import { geminiUsageJson, openaiFinishToGemini } from './gemini-shapes.js';
import { toolInput } from './openai-to-claude-request.js';

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return list(content).map((p) => (isObj(p) ? str(p.text) || str(p.refusal) : '')).join('');
}

/** A tool call (whole, or accumulated from a stream) as a functionCall part. */
export const functionCallPart = (id: string, name: string, args: unknown): Obj => ({ functionCall: { ...(id ? { id } : {}), name, args: toolInput(args) } });

export function openaiToGeminiResponse(json: unknown, call: UpstreamCall, billed: Usage): Obj {
  const res = isObj(json) ? json : {};
  const candidates = list(res.choices).filter(isObj).map((c, i) => {
    const m = isObj(c.message) ? c.message : {};
    const parts: Obj[] = [];
    const reasoning = str(m.reasoning_content) || str(m.reasoning);
    if (reasoning) parts.push({ text: reasoning, thought: true });
    const text = contentText(m.content);
    if (text) parts.push({ text });
    for (const tc of list(m.tool_calls)) if (isObj(tc) && isObj(tc.function)) parts.push(functionCallPart(str(tc.id), str(tc.function.name), tc.function.arguments));
    if (!parts.length) parts.push({ text: '' });
    return { content: { role: 'model', parts }, finishReason: openaiFinishToGemini(c.finish_reason), index: typeof c.index === 'number' ? c.index : i };
  });
  return {
    candidates,
    usageMetadata: geminiUsageJson(billed),
    modelVersion: str(res.model) || call.model,
    responseId: str(res.id) || `resp-${call.created}`,
  };
}
