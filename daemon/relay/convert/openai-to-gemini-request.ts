// An OpenAI chat request as a Gemini generateContent request (reference §6.2; lessons §1b #11, #13). Every system
// or developer message — one in mid-conversation included — goes to systemInstruction in order (Gemini has no
// system role in `contents`); assistant → `model` turns with text and functionCall parts (the thought signature a
// tool call carries back, else Google's placeholder on the turn's first call); tool results → functionResponse
// parts in one user turn, named after the call they answer, so parallel calls and their results stay paired.
// Images: data URLs → inlineData; http(s) URLs are downloaded before the call (prepare, below) and arrive here
// as data URLs; at most MAX_IMAGES. Tools → functionDeclarations with cleaned schemas (googleSearch,
// codeExecution and urlContext become Gemini's built-in tools); tool_choice → toolConfig; sampling, stop, n,
// max tokens, JSON output → generationConfig; reasoning_effort → thinkingConfig; the gemini.* settings add safety
// settings for every category, image output for the imagine models and the thinking adapter. Pure apart from
// prepare(), which only fetches.
import type { MediaFetcher, UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import { thinkingForEffort, thinkingSuffix } from '../../providers/gemini/thinking.js';
import { RelayError } from '../relay-error.js';
import { toGeminiSchema } from './gemini-schema.js';
import { SIGNATURE_PLACEHOLDER, dataUrl, toolCallSignature } from './gemini-shapes.js';

/** GEMINI_VISION_MAX_IMAGE_NUM (reference §6.2). */
export const MAX_IMAGES = 16;
/** The harm categories every converted request sets a threshold for (more when gemini.safety_settings names them). */
export const SAFETY_CATEGORIES = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT'];
const BUILT_IN_TOOLS: Readonly<Record<string, string>> = { googleSearch: 'googleSearch', codeExecution: 'codeExecution', urlContext: 'urlContext' };
const MAX_STOP_SEQUENCES = 5;

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
const tooManyImages = () => new RelayError(400, { key: 'relay.too_many_images', params: { max: MAX_IMAGES } }, 'invalid_request_error', 'too_many_images');

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', heic: 'image/heic', heif: 'image/heif', pdf: 'application/pdf',
};
/** A MIME type guessed from a URL's file extension (Gemini needs one with every fileData). */
export const mimeFromUrl = (url: string): string => {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return (ext && EXTENSION_TYPES[ext]) || 'image/jpeg';
};

/** An OpenAI content value's text (a string, or its text parts joined). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return list(content).map((p) => (isObj(p) && (p.type === 'text' || p.type === undefined) ? str(p.text) : '')).filter(Boolean).join('\n');
}

/** Converts content parts, counting the images of the whole request. */
class Converter {
  private images = 0;

  private image(url: string): Obj | null {
    if (++this.images > MAX_IMAGES) throw tooManyImages();
    const d = dataUrl(url);
    if (d) return { inlineData: { mimeType: d.mimeType, data: d.data } };
    if (/^https?:\/\//i.test(url)) return { fileData: { mimeType: mimeFromUrl(url), fileUri: url } };
    return null;
  }

  /** OpenAI content (a string or parts) → Gemini parts: text, images, audio, files. */
  parts(content: unknown): Obj[] {
    if (typeof content === 'string') return content ? [{ text: content }] : [];
    const out: Obj[] = [];
    for (const p of list(content)) {
      if (!isObj(p)) continue;
      if (p.type === 'text' && str(p.text)) out.push({ text: str(p.text) });
      else if (p.type === 'image_url') {
        const part = this.image(isObj(p.image_url) ? str(p.image_url.url) : str(p.image_url));
        if (part) out.push(part);
      } else if (p.type === 'input_audio' && isObj(p.input_audio) && str(p.input_audio.data))
        out.push({ inlineData: { mimeType: `audio/${str(p.input_audio.format) || 'wav'}`, data: str(p.input_audio.data) } });
      else if (p.type === 'file' && isObj(p.file)) {
        const d = dataUrl(str(p.file.file_data));
        if (d) out.push({ inlineData: { mimeType: d.mimeType, data: d.data } });
      }
    }
    return out;
  }
}

/** Tool-call arguments (JSON text, or an object already) → functionCall args; {} when they are not an object. */
function args(x: unknown): Obj {
  if (isObj(x)) return x;
  try {
    const v: unknown = JSON.parse(str(x) || '{}');
    return isObj(v) ? v : {};
  } catch {
    return {};
  }
}

/** A tool result as functionResponse.response: a JSON object as is, a JSON list as {result}, text as {content}. */
function responseOf(content: unknown): Obj {
  const text = textOf(content);
  try {
    const v: unknown = JSON.parse(text);
    if (isObj(v)) return v;
    if (Array.isArray(v)) return { result: v };
  } catch {
    // plain text
  }
  return { content: text };
}

function assistantParts(m: Obj, conv: Converter, names: Map<string, string>): Obj[] {
  const parts = conv.parts(m.content);
  const calls: Obj[] = [];
  if (isObj(m.function_call) && str(m.function_call.name)) calls.push({ id: str(m.function_call.name), function: m.function_call });
  calls.push(...list(m.tool_calls).filter((c): c is Obj => isObj(c) && isObj(c.function)));
  calls.forEach((c, i) => {
    const f = c.function as Obj;
    const name = str(f.name);
    names.set(str(c.id), name);
    const part: Obj = { functionCall: { name, args: args(f.arguments) } };
    const signature = toolCallSignature(c) || (i === 0 ? SIGNATURE_PLACEHOLDER : '');
    if (signature) part.thoughtSignature = signature;
    parts.push(part);
  });
  return parts;
}

function contentsOf(messages: unknown, conv: Converter): { contents: Obj[]; system: string[] } {
  const contents: Obj[] = [];
  const system: string[] = [];
  const names = new Map<string, string>();
  for (const m of list(messages)) {
    if (!isObj(m)) continue;
    if (m.role === 'system' || m.role === 'developer') {
      const text = textOf(m.content);
      if (text) system.push(text);
    } else if (m.role === 'tool' || m.role === 'function') {
      const name = str(m.name) || names.get(str(m.tool_call_id)) || str(m.tool_call_id);
      const part = { functionResponse: { name, response: responseOf(m.content) } };
      const last = contents.at(-1);
      // Results of one turn's calls go together, in one user turn right after it.
      if (last && last.role === 'user' && list(last.parts).every((p) => isObj(p) && isObj(p.functionResponse))) (last.parts as Obj[]).push(part);
      else contents.push({ role: 'user', parts: [part] });
    } else if (m.role === 'assistant') {
      const parts = assistantParts(m, conv, names);
      if (parts.length) contents.push({ role: 'model', parts });
    } else {
      const parts = conv.parts(m.content);
      if (parts.length) contents.push({ role: 'user', parts });
    }
  }
  return { contents, system };
}

function toolsOf(body: Obj): Obj[] {
  const defs = [...list(body.tools).map((t) => (isObj(t) && t.type === 'function' ? t.function : null)), ...list(body.functions)].filter(isObj);
  const declarations: Obj[] = [];
  const builtIn: Obj[] = [];
  for (const f of defs) {
    const name = str(f.name);
    if (BUILT_IN_TOOLS[name]) {
      builtIn.push({ [BUILT_IN_TOOLS[name]]: {} });
      continue;
    }
    const d: Obj = { name };
    if (str(f.description)) d.description = str(f.description);
    const parameters = toGeminiSchema(f.parameters);
    if (parameters) d.parameters = parameters;
    declarations.push(d);
  }
  return [...builtIn, ...(declarations.length ? [{ functionDeclarations: declarations }] : [])];
}

function toolConfigOf(choice: unknown): Obj | undefined {
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  const name = isObj(choice) && isObj(choice.function) ? str(choice.function.name) : isObj(choice) ? str(choice.name) : '';
  return name ? { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } } : undefined;
}

/** extra_body.google.thinking_config (the shape Google's own OpenAI endpoint takes). */
function clientThinking(body: Obj): Obj | undefined {
  const extra = isObj(body.extra_body) && isObj(body.extra_body.google) ? body.extra_body.google : null;
  const t = extra && isObj(extra.thinking_config) ? extra.thinking_config : null;
  if (!t) return undefined;
  const out: Obj = {};
  if (num(t.thinking_budget) !== undefined) out.thinkingBudget = Math.floor(num(t.thinking_budget)!);
  if (typeof t.include_thoughts === 'boolean') out.includeThoughts = t.include_thoughts;
  if (str(t.thinking_level)) out.thinkingLevel = str(t.thinking_level);
  return Object.keys(out).length ? out : undefined;
}

function generationConfigOf(body: Obj, call: UpstreamCall, model: string): Obj {
  const g: Obj = {};
  if (num(body.temperature) !== undefined) g.temperature = body.temperature;
  if ((num(body.top_p) ?? 0) > 0) g.topP = body.top_p;
  if (num(body.top_k) !== undefined) g.topK = body.top_k;
  const max = num(body.max_completion_tokens) ?? num(body.max_tokens);
  if (max !== undefined && max > 0) g.maxOutputTokens = max;
  const stop = typeof body.stop === 'string' ? [body.stop] : list(body.stop).filter((s): s is string => typeof s === 'string' && s !== '');
  if (stop.length) g.stopSequences = stop.slice(0, MAX_STOP_SEQUENCES);
  if ((num(body.n) ?? 1) > 1) g.candidateCount = body.n;
  // Zero is OpenAI's default, which many clients always send; several Gemini models refuse penalties outright.
  if (num(body.seed)) g.seed = body.seed;
  if (num(body.presence_penalty)) g.presencePenalty = body.presence_penalty;
  if (num(body.frequency_penalty)) g.frequencyPenalty = body.frequency_penalty;
  if (body.logprobs === true) {
    g.responseLogprobs = true;
    if (num(body.top_logprobs) !== undefined) g.logprobs = body.top_logprobs;
  }
  const format = isObj(body.response_format) ? body.response_format : null;
  if (format?.type === 'json_object' || format?.type === 'json_schema') {
    g.responseMimeType = 'application/json';
    const schema = isObj(format.json_schema) ? toGeminiSchema(format.json_schema.schema) : undefined;
    if (schema) g.responseSchema = schema;
  }
  if (call.settings.gemini.imagineModels.has(model)) g.responseModalities = ['TEXT', 'IMAGE'];
  const effort = str(body.reasoning_effort) || (isObj(body.reasoning) ? str(body.reasoning.effort) : '');
  const suffix = thinkingSuffix(call.model, call.settings.gemini, { maxOutputTokens: max, effort: effort || undefined });
  const thinking = clientThinking(body) ?? suffix?.config ?? (suffix || !effort ? undefined : thinkingForEffort(model, effort));
  if (thinking) g.thinkingConfig = thinking;
  return g;
}

function safetySettingsOf(call: UpstreamCall): Obj[] {
  const s = call.settings.gemini.safety;
  const categories = [...new Set([...SAFETY_CATEGORIES, ...[...s.keys()].filter((k) => k.startsWith('HARM_CATEGORY_'))])];
  return categories.map((category) => ({ category, threshold: s.get(category) ?? s.get('default') ?? 'BLOCK_NONE' }));
}

export function openaiToGeminiRequest(body: Obj, call: UpstreamCall): Obj {
  const model = thinkingSuffix(call.model, call.settings.gemini)?.model ?? call.model;
  const { contents, system } = contentsOf(body.messages, new Converter());
  const out: Obj = { contents };
  if (system.length) out.systemInstruction = { parts: [{ text: system.join('\n') }] };
  const g = generationConfigOf(body, call, model);
  if (Object.keys(g).length) out.generationConfig = g;
  out.safetySettings = safetySettingsOf(call);
  const tools = toolsOf(body);
  if (tools.length) {
    out.tools = tools;
    const config = toolConfigOf(body.tool_choice ?? body.function_call);
    if (config) out.toolConfig = config;
  }
  return out;
}

/**
 * Downloads the http(s) images of an OpenAI chat request (reference §6.2: Gemini takes images inline) and puts
 * them back as data URLs; refuses more than MAX_IMAGES before fetching any. The body is copied, never changed.
 */
export async function inlineImageUrls(body: Obj, media: MediaFetcher): Promise<Obj> {
  let images = 0;
  const urls: string[] = [];
  for (const m of list(body.messages))
    for (const p of isObj(m) ? list(m.content) : [])
      if (isObj(p) && p.type === 'image_url') {
        images++;
        const url = isObj(p.image_url) ? str(p.image_url.url) : str(p.image_url);
        if (/^https?:\/\//i.test(url)) urls.push(url);
      }
  if (images > MAX_IMAGES) throw tooManyImages();
  if (!urls.length) return body;
  const fetched = new Map<string, string>();
  for (const url of new Set(urls)) {
    const { mimeType, data } = await media(url);
    fetched.set(url, `data:${mimeType};base64,${data}`);
  }
  const swap = (p: unknown): unknown => {
    if (!isObj(p) || p.type !== 'image_url') return p;
    const url = isObj(p.image_url) ? str(p.image_url.url) : str(p.image_url);
    const inline = fetched.get(url);
    return inline ? Object.assign({}, p, { image_url: Object.assign({}, isObj(p.image_url) ? p.image_url : {}, { url: inline }) }) : p;
  };
  return Object.assign({}, body, {
    messages: list(body.messages).map((m) => (isObj(m) && Array.isArray(m.content) ? Object.assign({}, m, { content: m.content.map(swap) }) : m)),
  });
}
