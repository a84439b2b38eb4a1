// An OpenAI chat request as a Claude Messages request (reference §6.1; lessons §1b #11). Every system or developer
// message — a system turn in mid-conversation included — goes to the top-level `system` in order (Claude has no
// system role in `messages`); tool results become tool_result blocks in a user turn; turns of the same role are
// merged, since tool results and the user's next words form one Claude turn. Images: data URLs become base64
// sources, http(s) URLs stay URLs (Anthropic fetches them: the gateway downloads nothing). Thinking blocks an
// earlier answer carried (`thinking_blocks`, with their signatures) go back in front of that assistant turn.
// max_tokens is left absent when the client set none: the Claude adapter fills claude.default_max_tokens.
import { isObj, list, str, type Obj } from '../../providers/shape.js';

type Block = Obj;
interface Turn {
  role: 'user' | 'assistant';
  content: Block[];
}

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

/** `data:<type>;base64,<data>` → its parts. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | null {
  const m = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  return m ? { mediaType: m[1], data: m[2] } : null;
}

function imageBlock(ref: unknown): Block | null {
  const url = isObj(ref) ? str(ref.url) : str(ref);
  const data = parseDataUrl(url);
  if (data) return { type: 'image', source: { type: 'base64', media_type: data.mediaType, data: data.data } };
  if (/^https?:\/\//i.test(url)) return { type: 'image', source: { type: 'url', url } };
  return null;
}

function textBlock(text: string, part?: Obj): Block | null {
  if (!text) return null; // Claude refuses empty text blocks
  return part && isObj(part.cache_control) ? { type: 'text', text, cache_control: part.cache_control } : { type: 'text', text };
}

/** OpenAI content (a string or parts) → Claude blocks: text, images, PDF files. */
function contentBlocks(content: unknown): Block[] {
  if (typeof content === 'string') return [textBlock(content)].filter((b): b is Block => b !== null);
  const out: Block[] = [];
  for (const p of list(content)) {
    if (!isObj(p)) continue;
    let b: Block | null = null;
    if (p.type === 'text') b = textBlock(str(p.text), p);
    else if (p.type === 'image_url') b = imageBlock(p.image_url);
    else if (p.type === 'file' && isObj(p.file)) {
      const data = parseDataUrl(str(p.file.file_data));
      if (data) b = { type: 'document', source: { type: 'base64', media_type: data.mediaType, data: data.data } };
    }
    if (b) out.push(b);
  }
  return out;
}

/** Tool-call arguments (JSON text, or an object already) → a tool_use input; {} when they are not an object. */
export function toolInput(args: unknown): Obj {
  if (isObj(args)) return args;
  try {
    const v: unknown = JSON.parse(str(args) || '{}');
    return isObj(v) ? v : {};
  } catch {
    return {};
  }
}

/** The thinking blocks an assistant message carries back (signed ones only: Claude refuses unsigned thinking). */
function thinkingBlocks(m: Obj): Block[] {
  const out: Block[] = [];
  let reasoning = str(m.reasoning_content);
  for (const b of list(m.thinking_blocks)) {
    if (!isObj(b)) continue;
    if (b.type === 'redacted_thinking' && str(b.data)) out.push({ type: 'redacted_thinking', data: str(b.data) });
    if (b.type !== 'thinking' || !str(b.signature)) continue;
    // A streamed answer gave the text as reasoning_content and the signature apart: join them again.
    const thinking = str(b.thinking) || reasoning;
    if (!str(b.thinking)) reasoning = '';
    out.push({ type: 'thinking', thinking, signature: str(b.signature) });
  }
  return out;
}

/** tool_calls, or a legacy `function_call` (its id is the function's name, as its `function` reply names it). */
function toolUses(calls: unknown, legacy: unknown): Block[] {
  const out: Block[] = [];
  if (isObj(legacy) && str(legacy.name)) out.push({ type: 'tool_use', id: str(legacy.name), name: str(legacy.name), input: toolInput(legacy.arguments) });
  for (const c of list(calls)) {
    if (!isObj(c) || !isObj(c.function)) continue;
    out.push({ type: 'tool_use', id: str(c.id), name: str(c.function.name), input: toolInput(c.function.arguments) });
  }
  return out;
}

function toolResultContent(content: unknown): string | Block[] {
  if (typeof content === 'string') return content;
  const blocks = contentBlocks(content).filter((b) => b.type === 'text' || b.type === 'image');
  return blocks.length ? blocks : '';
}

function systemBlocks(content: unknown): Block[] {
  return contentBlocks(content).filter((b) => b.type === 'text');
}

export function convertMessages(messages: unknown): { system: Block[]; turns: Turn[] } {
  const system: Block[] = [];
  const turns: Turn[] = [];
  const add = (role: Turn['role'], content: Block[]) => {
    if (!content.length) return;
    const last = turns.at(-1);
    if (last && last.role === role) last.content.push(...content);
    else turns.push({ role, content });
  };
  for (const m of list(messages)) {
    if (!isObj(m)) continue;
    if (m.role === 'system' || m.role === 'developer') system.push(...systemBlocks(m.content));
    else if (m.role === 'tool' || m.role === 'function')
      add('user', [{ type: 'tool_result', tool_use_id: str(m.tool_call_id) || str(m.name), content: toolResultContent(m.content) }]);
    else if (m.role === 'assistant') add('assistant', [...thinkingBlocks(m), ...contentBlocks(m.content), ...toolUses(m.tool_calls, m.function_call)]);
    else add('user', contentBlocks(m.content));
  }
  // reference §6.1: the first turn must be the user's
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: [{ type: 'text', text: '...' }] });
  return { system, turns };
}

function claudeTools(body: Obj): Obj[] {
  const defs = [...list(body.tools).map((t) => (isObj(t) && t.type === 'function' ? t.function : null)), ...list(body.functions)];
  return defs.filter(isObj).map((f) => {
    const tool: Obj = { name: str(f.name), input_schema: isObj(f.parameters) ? f.parameters : { type: 'object', properties: {} } };
    if (str(f.description)) tool.description = str(f.description);
    return tool;
  });
}

function claudeToolChoice(choice: unknown, parallel: unknown): Obj | undefined {
  let out: Obj | undefined;
  if (choice === 'auto') out = { type: 'auto' };
  else if (choice === 'required') out = { type: 'any' };
  else if (choice === 'none') out = { type: 'none' };
  else if (isObj(choice) && isObj(choice.function)) out = { type: 'tool', name: str(choice.function.name) };
  if (parallel === false && out?.type !== 'none') out = { ...(out ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return out;
}

export function openaiToClaudeRequest(body: Obj): Obj {
  const { system, turns } = convertMessages(body.messages);
  const out: Obj = { model: body.model };
  if (system.length) out.system = system;
  out.messages = turns;
  const max = num(body.max_completion_tokens) ?? num(body.max_tokens);
  if (max !== undefined) out.max_tokens = max;
  const temperature = num(body.temperature);
  if (temperature !== undefined) out.temperature = Math.min(Math.max(temperature, 0), 1); // OpenAI allows up to 2, Claude 1
  if (num(body.top_p) !== undefined) out.top_p = body.top_p;
  if (num(body.top_k) !== undefined) out.top_k = body.top_k;
  const stop = typeof body.stop === 'string' ? [body.stop] : list(body.stop).filter((s): s is string => typeof s === 'string');
  if (stop.length) out.stop_sequences = stop;
  if (body.stream === true) out.stream = true;
  const tools = claudeTools(body);
  if (tools.length) {
    out.tools = tools;
    const choice = claudeToolChoice(body.tool_choice ?? body.function_call, body.parallel_tool_calls);
    if (choice) out.tool_choice = choice;
  }
  if (str(body.user)) out.metadata = { user_id: str(body.user) };
  return out;
}
