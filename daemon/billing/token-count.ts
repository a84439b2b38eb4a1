// Local token counts for when an upstream reports no usage (reference §4.7), and the prompt count every request
// needs for its pre-consume estimate. tiktoken's vocabularies through `gpt-tokenizer` (pure JS, MIT, bundled data):
// o200k_base for the gpt-4o / o-series families, cl100k_base for everything else, as new-api does. Each vocabulary
// costs ~45 MB and ~120 ms to load, so it is loaded on first use. Text is split at whitespace into pieces of at most
// MAX_PIECE_CHARS (BPE is quadratic on one long unbroken word: 'a' × 1M takes minutes whole, ms in pieces), and
// beyond MAX_TEXT_CHARS the count is extrapolated from the counted part. Deterministic: same input, same count.
import { createRequire } from 'node:module';

export type EncodingName = 'o200k_base' | 'cl100k_base';
type TokenizerModule = { countTokens(text: string, options: { disallowedSpecial: Set<string> }): number };

/** Longest piece handed to the BPE in one go. */
export const MAX_PIECE_CHARS = 1000;
/** Characters of one text counted exactly; the rest is extrapolated at the same tokens-per-character rate. */
export const MAX_TEXT_CHARS = 1_000_000;

/** Per message overhead (+1 per name); gpt-3.5-turbo-0301 used 4 and −1. */
export const TOKENS_PER_MESSAGE = 3;
export const TOKENS_PER_NAME = 1;
/** Every reply is primed with `<|start|>assistant<|message|>`. */
export const REPLY_PRIMER_TOKENS = 3;
/** Overhead per tool call in a completion, per Claude tool in a prompt. */
export const TOKENS_PER_TOOL_CALL = 7;
export const TOKENS_PER_CLAUDE_TOOL = 3;
/** Image without known size, or on channels where new-api does not measure media. */
export const FLAT_IMAGE_TOKENS = 255;
export const GLM_4V_IMAGE_TOKENS = 1047;

const O200K_PREFIXES = ['gpt-4o', 'chatgpt-4o', 'gpt-4.1', 'gpt-4.5', 'gpt-5', 'o1', 'o3', 'o4'];

/** new-api: o200k_base for gpt-4o*, chatgpt-4o*, o1*; we add the later families that use it too. */
export const encodingFor = (model: string): EncodingName =>
  O200K_PREFIXES.some((p) => model.startsWith(p)) ? 'o200k_base' : 'cl100k_base';

const require = createRequire(import.meta.url);
const counters = new Map<EncodingName, (text: string) => number>();
// Special-token text in a prompt ("<|endoftext|>") is counted as ordinary text instead of throwing.
const PLAIN = { disallowedSpecial: new Set<string>() };

function counter(enc: EncodingName): (text: string) => number {
  let c = counters.get(enc);
  if (!c) {
    const mod = require(`gpt-tokenizer/encoding/${enc}`) as TokenizerModule;
    c = (text) => mod.countTokens(text, PLAIN);
    counters.set(enc, c);
  }
  return c;
}

/** Splits text before a whitespace character (where tiktoken's pre-tokeniser splits anyway) into bounded pieces. */
export function* pieces(text: string, max = MAX_PIECE_CHARS): Generator<string> {
  let i = 0;
  while (text.length - i > max) {
    let cut = i + max;
    while (cut > i + 1 && !/\s/.test(text[cut])) cut--;
    if (cut === i + 1) {
      cut = i + max; // no whitespace: a hard cut, but never inside a surrogate pair
      const code = text.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
    }
    yield text.slice(i, cut);
    i = cut;
  }
  if (i < text.length) yield text.slice(i);
}

export function countTextTokens(text: string, model: string): number {
  if (typeof text !== 'string' || text.length === 0) return 0;
  const count = counter(encodingFor(model));
  const head = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  let n = 0;
  for (const piece of pieces(head)) n += count(piece);
  if (head.length < text.length) n += Math.ceil((n * (text.length - head.length)) / head.length);
  return n;
}

const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const json = (x: unknown): string => (x === undefined ? '' : typeof x === 'string' ? x : JSON.stringify(x));

export interface ImageInfo {
  detail?: string;
  width?: number;
  height?: number;
}

export interface CountOptions {
  /** 'flat': 255 per image (Gemini/Vertex/Claude channels, media counting off); 'tile': OpenAI's tile rule. */
  media?: 'tile' | 'flat';
  /** Dimensions of an image the caller already knows (this module fetches nothing); unknown → 255. */
  imageSize?: (url: string) => { width: number; height: number } | undefined;
}

/**
 * Prompt tokens of one image (reference §4.7): glm-4v 1047; flat mode or unknown size 255; `detail: low` 85
 * (gpt-4o-mini 2833); else fit in 2048², shorter side down to 768, 170 per 512-pixel tile + 85 (mini 5667 + 2833).
 */
export function imageTokens(model: string, img: ImageInfo, media: 'tile' | 'flat' = 'tile'): number {
  if (model.startsWith('glm-4v')) return GLM_4V_IMAGE_TOKENS;
  if (media === 'flat') return FLAT_IMAGE_TOKENS;
  const mini = model.startsWith('gpt-4o-mini');
  const base = mini ? 2833 : 85;
  const perTile = mini ? 5667 : 170;
  if (img.detail === 'low') return base;
  let w = Number(img.width);
  let h = Number(img.height);
  if (!(Number.isFinite(w) && Number.isFinite(h) && w > 0 && h > 0)) return FLAT_IMAGE_TOKENS;
  if (Math.max(w, h) > 2048) {
    const s = 2048 / Math.max(w, h);
    [w, h] = [Math.floor(w * s), Math.floor(h * s)];
  }
  if (Math.min(w, h) > 768) {
    const s = 768 / Math.min(w, h);
    [w, h] = [Math.floor(w * s), Math.floor(h * s)];
  }
  return Math.ceil(w / 512) * Math.ceil(h / 512) * perTile + base;
}

function openAiImage(model: string, part: Record<string, unknown>, opts: CountOptions): number {
  const ref = part.image_url;
  const url = isObj(ref) ? str(ref.url) : str(ref);
  const detail = isObj(ref) ? str(ref.detail) : '';
  return imageTokens(model, { detail, ...opts.imageSize?.(url) }, opts.media);
}

/** Text and images of an OpenAI message's content (a string or an array of parts); audio and files count 0. */
function openAiContent(model: string, content: unknown, opts: CountOptions): number {
  if (typeof content === 'string') return countTextTokens(content, model);
  let n = 0;
  for (const part of arr(content)) {
    if (!isObj(part)) continue;
    if (part.type === 'text') n += countTextTokens(str(part.text), model);
    else if (part.type === 'image_url') n += openAiImage(model, part, opts);
  }
  return n;
}

/** Tool definitions: name + description + parameters JSON of each (OpenAI `tools` or legacy `functions`). */
function openAiTools(model: string, tools: unknown): number {
  let n = 0;
  for (const t of arr(tools)) {
    const f = isObj(t) && isObj(t.function) ? t.function : isObj(t) ? t : null;
    if (f) n += countTextTokens(str(f.name) + str(f.description) + json(f.parameters), model);
  }
  return n;
}

/**
 * Prompt tokens of an OpenAI chat request: per message 3 + role + content + (1 + name), earlier tool calls'
 * names and arguments as text, + 3 for the reply primer, + tool definitions.
 */
export function countChatPromptTokens(req: { model: string; messages?: unknown; tools?: unknown; functions?: unknown }, opts: CountOptions = {}): number {
  const { model } = req;
  const legacy = model === 'gpt-3.5-turbo-0301';
  const perMessage = legacy ? 4 : TOKENS_PER_MESSAGE;
  const perName = legacy ? -1 : TOKENS_PER_NAME;
  let n = 0;
  for (const m of arr(req.messages)) {
    if (!isObj(m)) continue;
    n += perMessage + countTextTokens(str(m.role), model) + openAiContent(model, m.content, opts);
    if (str(m.name)) n += perName + countTextTokens(str(m.name), model);
    for (const call of arr(m.tool_calls)) {
      const f = isObj(call) && isObj(call.function) ? call.function : null;
      if (f) n += countTextTokens(str(f.name) + str(f.arguments), model);
    }
  }
  return n + REPLY_PRIMER_TOKENS + openAiTools(model, req.tools) + openAiTools(model, req.functions);
}

/** Text of Claude content (a string or blocks: text, thinking, tool_use, tool_result, image). */
function claudeContent(model: string, content: unknown, opts: CountOptions): number {
  if (typeof content === 'string') return countTextTokens(content, model);
  let n = 0;
  for (const b of arr(content)) {
    if (!isObj(b)) continue;
    if (b.type === 'text') n += countTextTokens(str(b.text), model);
    else if (b.type === 'thinking') n += countTextTokens(str(b.thinking), model);
    else if (b.type === 'tool_use') n += countTextTokens(str(b.name) + json(b.input), model);
    else if (b.type === 'tool_result') n += claudeContent(model, b.content, opts);
    else if (b.type === 'image') n += imageTokens(model, {}, opts.media ?? 'flat');
  }
  return n;
}

/** Prompt tokens of an Anthropic Messages request: system + messages (as OpenAI's) + 3 per tool + its text. */
export function countClaudePromptTokens(req: { model: string; system?: unknown; messages?: unknown; tools?: unknown }, opts: CountOptions = {}): number {
  const { model } = req;
  let n = claudeContent(model, req.system, opts);
  for (const m of arr(req.messages)) {
    if (isObj(m)) n += TOKENS_PER_MESSAGE + countTextTokens(str(m.role), model) + claudeContent(model, m.content, opts);
  }
  for (const t of arr(req.tools)) {
    if (isObj(t)) n += TOKENS_PER_CLAUDE_TOOL + countTextTokens(str(t.name) + str(t.description) + json(t.input_schema), model);
  }
  return n + REPLY_PRIMER_TOKENS;
}

/** Prompt of a completions / embeddings / moderations request: a string or a list of strings. */
export function countInputTokens(model: string, input: unknown): number {
  if (typeof input === 'string') return countTextTokens(input, model);
  return arr(input).reduce<number>((n, s) => n + countTextTokens(str(s), model), 0);
}

export interface CompletionText {
  text?: string;
  reasoning?: string;
  toolCalls?: readonly { name?: string; arguments?: string }[];
}

/** Output tokens of a response without usage: content + reasoning + each tool call's name and arguments + 7. */
export function countCompletionTokens(model: string, out: CompletionText): number {
  let n = countTextTokens(str(out.text), model) + countTextTokens(str(out.reasoning), model);
  for (const call of out.toolCalls ?? []) n += TOKENS_PER_TOOL_CALL + countTextTokens(str(call.name) + str(call.arguments), model);
  return n;
}

/** Text-to-speech: tts* models bill one token per character (code point) of the input; others count tokens. */
export const ttsPromptTokens = (model: string, input: string): number =>
  model.startsWith('tts') ? [...str(input)].length : countTextTokens(str(input), model);

/** Transcription / translation: 1 minute = 1000 tokens, on whole seconds rounded up (partial tokens round up). */
export function audioDurationTokens(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.ceil((Math.ceil(seconds) * 1000) / 60);
}
