// A whole OpenAI chat completion as a Claude message: reasoning_content becomes a thinking block (unsigned: the
// upstream gave none), content a text block, tool_calls tool_use blocks with their parsed input; finish reason and
// usage mapped (the usage is the one billed, cache reads out of input_tokens as Anthropic counts them).
import type { Usage } from '../../billing/quota.js';
import type { UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import { openaiFinishToClaude } from './finish-reasons.js';
import { claudeUsageJson } from './usage-shapes.js';
import { toolInput } from './openai-to-claude-request.js';

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return list(content).map((p) => (isObj(p) ? str(p.text) || str(p.refusal) : '')).join('');
}

export function openaiToClaudeResponse(json: unknown, call: UpstreamCall, billed: Usage): Obj {
  const res = isObj(json) ? json : {};
  const choice = isObj(list(res.choices)[0]) ? (list(res.choices)[0] as Obj) : {};
  const m = isObj(choice.message) ? choice.message : {};
  const content: Obj[] = [];
  const reasoning = str(m.reasoning_content) || str(m.reasoning);
  if (reasoning) content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  const text = contentText(m.content);
  if (text) content.push({ type: 'text', text });
  for (const c of list(m.tool_calls)) {
    if (!isObj(c) || !isObj(c.function)) continue;
    content.push({ type: 'tool_use', id: str(c.id), name: str(c.function.name), input: toolInput(c.function.arguments) });
  }
  const id = str(res.id);
  return {
    id: id.startsWith('msg_') ? id : `msg_${id || call.created}`,
    type: 'message',
    role: 'assistant',
    model: str(res.model) || call.model,
    content,
    stop_reason: openaiFinishToClaude(choice.finish_reason),
    stop_sequence: null,
    usage: claudeUsageJson(billed),
  };
}
