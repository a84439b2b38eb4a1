// A Claude Messages request as an OpenAI chat request (reference §6.1): `system` becomes the first system
// message; a user turn's tool_result blocks become `tool` messages placed first (they must follow the assistant's
// tool calls), its other blocks one user message (images as data URLs or plain URLs, PDFs as file parts);
// tool_use blocks become tool_calls. Thinking blocks are dropped: OpenAI-style upstreams refuse unknown message
// fields, and their own reasoning needs no signature. Claude-only knobs (top_k, thinking, cache_control) have
// no OpenAI equivalent and are left out; stream_options is added by the OpenAI adapter where the vendor takes it.
import { isObj, list, str, type Obj } from '../../providers/shape.js';

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

function imagePart(b: Obj): Obj | null {
  const s = isObj(b.source) ? b.source : {};
  if (s.type === 'base64') return { type: 'image_url', image_url: { url: `data:${str(s.media_type)};base64,${str(s.data)}` } };
  if (s.type === 'url' && str(s.url)) return { type: 'image_url', image_url: { url: str(s.url) } };
  return null;
}

function documentPart(b: Obj): Obj | null {
  const s = isObj(b.source) ? b.source : {};
  if (s.type === 'base64') return { type: 'file', file: { filename: str(b.title) || 'document.pdf', file_data: `data:${str(s.media_type)};base64,${str(s.data)}` } };
  if (s.type === 'text') return { type: 'text', text: str(s.data) };
  return null;
}

/** Claude blocks (text, image, document) → OpenAI parts. */
function parts(blocks: unknown): Obj[] {
  if (typeof blocks === 'string') return blocks ? [{ type: 'text', text: blocks }] : [];
  const out: Obj[] = [];
  for (const b of list(blocks)) {
    if (!isObj(b)) continue;
    const p = b.type === 'text' ? (str(b.text) ? { type: 'text', text: str(b.text) } : null) : b.type === 'image' ? imagePart(b) : b.type === 'document' ? documentPart(b) : null;
    if (p) out.push(p);
  }
  return out;
}

/** Text-only parts collapse to a string, which every OpenAI-compatible vendor accepts. */
function content(p: Obj[]): string | Obj[] {
  return p.every((x) => x.type === 'text') ? p.map((x) => str(x.text)).join('\n') : p;
}

function userTurn(m: Obj): Obj[] {
  if (typeof m.content === 'string') return [{ role: 'user', content: m.content }];
  const out: Obj[] = [];
  const rest: Obj[] = [];
  const images: Obj[] = [];
  for (const b of list(m.content)) {
    if (!isObj(b)) continue;
    if (b.type !== 'tool_result') {
      rest.push(b);
      continue;
    }
    const p = parts(b.content);
    const text = p.filter((x) => x.type === 'text').map((x) => str(x.text)).join('\n');
    out.push({ role: 'tool', tool_call_id: str(b.tool_use_id), content: b.is_error === true && text ? `Error: ${text}` : text });
    images.push(...p.filter((x) => x.type !== 'text')); // a tool message holds text only: images follow as the user's
  }
  const p = [...images, ...parts(rest)];
  if (p.length) out.push({ role: 'user', content: content(p) });
  return out;
}

function assistantTurn(m: Obj): Obj[] {
  if (typeof m.content === 'string') return [{ role: 'assistant', content: m.content }];
  let text = '';
  const calls: Obj[] = [];
  for (const b of list(m.content)) {
    if (!isObj(b)) continue;
    if (b.type === 'text') text += str(b.text);
    else if (b.type === 'tool_use') calls.push({ id: str(b.id), type: 'function', function: { name: str(b.name), arguments: JSON.stringify(b.input ?? {}) } });
  }
  if (!text && !calls.length) return [];
  const msg: Obj = { role: 'assistant', content: text || null };
  if (calls.length) msg.tool_calls = calls;
  return [msg];
}

function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  return list(system).map((b) => (isObj(b) && b.type === 'text' ? str(b.text) : '')).filter(Boolean).join('\n');
}

function openaiToolChoice(c: unknown): unknown {
  if (!isObj(c)) return undefined;
  if (c.type === 'auto') return 'auto';
  if (c.type === 'any') return 'required';
  if (c.type === 'none') return 'none';
  if (c.type === 'tool') return { type: 'function', function: { name: str(c.name) } };
  return undefined;
}

export function claudeToOpenaiRequest(body: Obj): Obj {
  const messages: Obj[] = [];
  const system = systemText(body.system);
  if (system) messages.push({ role: 'system', content: system });
  for (const m of list(body.messages)) {
    if (!isObj(m)) continue;
    messages.push(...(m.role === 'assistant' ? assistantTurn(m) : userTurn(m)));
  }
  const out: Obj = { model: body.model, messages };
  if (num(body.max_tokens) !== undefined) out.max_tokens = body.max_tokens;
  if (num(body.temperature) !== undefined) out.temperature = body.temperature;
  if (num(body.top_p) !== undefined) out.top_p = body.top_p;
  const stop = list(body.stop_sequences).filter((s): s is string => typeof s === 'string');
  if (stop.length) out.stop = stop; // kept a list, even of one (lessons §1b #11)
  if (body.stream === true) out.stream = true;
  // Custom tools only: Anthropic's server tools (web search, bash …) cannot run on another provider.
  const tools = list(body.tools).filter((t): t is Obj => isObj(t) && isObj(t.input_schema) && (t.type === undefined || t.type === 'custom'));
  if (tools.length) {
    out.tools = tools.map((t) => ({ type: 'function', function: { name: str(t.name), ...(str(t.description) ? { description: str(t.description) } : {}), parameters: t.input_schema } }));
    const choice = openaiToolChoice(body.tool_choice);
    if (choice !== undefined) out.tool_choice = choice;
    if (isObj(body.tool_choice) && body.tool_choice.disable_parallel_tool_use === true) out.parallel_tool_calls = false;
  }
  if (isObj(body.metadata) && str(body.metadata.user_id)) out.user = str(body.metadata.user_id);
  return out;
}
