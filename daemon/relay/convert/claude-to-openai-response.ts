// A whole Claude message as an OpenAI chat completion: text blocks joined into `content`, thinking into
// `reasoning_content`, and the thinking blocks themselves (with their signatures, and redacted ones) kept in
// `thinking_blocks` so the client can send them back on its next turn (lessons §1b #11); tool_use blocks become
// tool_calls; stop reason and usage mapped (the usage is the one billed).
import type { Usage } from '../../billing/quota.js';
import type { UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import { claudeStopToOpenai } from './finish-reasons.js';
import { openaiUsageJson } from './usage-shapes.js';

export function claudeToOpenaiResponse(json: unknown, call: UpstreamCall, billed: Usage): Obj {
  const msg = isObj(json) ? json : {};
  let text = '';
  let reasoning = '';
  const thinkingBlocks: Obj[] = [];
  const toolCalls: Obj[] = [];
  for (const b of list(msg.content)) {
    if (!isObj(b)) continue;
    if (b.type === 'text') text += str(b.text);
    else if (b.type === 'thinking') {
      reasoning += str(b.thinking);
      thinkingBlocks.push({ type: 'thinking', thinking: str(b.thinking), signature: str(b.signature) });
    } else if (b.type === 'redacted_thinking') thinkingBlocks.push({ type: 'redacted_thinking', data: str(b.data) });
    else if (b.type === 'tool_use')
      toolCalls.push({ id: str(b.id), type: 'function', function: { name: str(b.name), arguments: JSON.stringify(b.input ?? {}) } });
  }
  const message: Obj = { role: 'assistant', content: text || (toolCalls.length ? null : '') };
  if (reasoning) message.reasoning_content = reasoning;
  if (thinkingBlocks.length) message.thinking_blocks = thinkingBlocks;
  if (toolCalls.length) message.tool_calls = toolCalls;
  return {
    id: str(msg.id) || `chatcmpl-${call.created}`,
    object: 'chat.completion',
    created: call.created,
    model: str(msg.model) || call.model,
    choices: [{ index: 0, message, finish_reason: claudeStopToOpenai(msg.stop_reason), logprobs: null }],
    usage: openaiUsageJson(billed),
  };
}
