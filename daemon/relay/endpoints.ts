// The inbound endpoints of the relay (OpenAI's API and Anthropic's Messages API) as data: path, wire format,
// body kind, the model used when the request names none (reference §3.3), how prompt tokens are counted for the
// estimate and for answers without usage (reference §4.7), and per-call units for images (reference §4.4).
import type { WireFormat } from '../providers/types.js';
import { countChatPromptTokens, countClaudePromptTokens, countInputTokens, countTextTokens, ttsPromptTokens } from '../billing/token-count.js';
import { imageUnits } from '../billing/prices.js';
import { isObj, str, type Obj } from '../providers/shape.js';

const numOf = (x: unknown): number | undefined => {
  const n = typeof x === 'string' && x.trim() !== '' ? Number(x) : x;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

export interface Endpoint {
  path: string;
  format: WireFormat;
  body: 'json' | 'form';
  /** Model when the request names none (new-api's defaults). */
  defaultModel?: string;
  /** Billed per image (a price per call, n × size × quality units). */
  image?: boolean;
  /** The request may ask `stream: true`. */
  streams?: boolean;
  /** The answer has no output tokens to reserve for (embeddings, moderations, rerank, speech). */
  noOutput?: boolean;
  /** Prompt tokens of a JSON request. */
  prompt(body: Obj, model: string): number;
  /**
   * For a format with its own field names (Gemini's generationConfig): the request's values under the OpenAI names
   * the relay reads (max_tokens, n, reasoning_effort), checked and estimated like theirs.
   */
  fields?(body: Obj): Record<string, unknown>;
}

/** Text of Responses API input: a string, or items whose content is a string or parts with `text`. */
function responsesInputText(body: Obj): string {
  const parts: string[] = [str(body.instructions)];
  const visit = (x: unknown): void => {
    if (typeof x === 'string') parts.push(x);
    else if (Array.isArray(x)) x.forEach(visit);
    else if (isObj(x)) {
      if (typeof x.text === 'string') parts.push(x.text);
      if (x.content !== undefined) visit(x.content);
      if (typeof x.arguments === 'string') parts.push(x.arguments);
      if (typeof x.output === 'string') parts.push(x.output);
    }
  };
  visit(body.input);
  return parts.filter(Boolean).join('\n');
}

const documentsText = (docs: unknown): string[] =>
  (Array.isArray(docs) ? docs : []).map((d) => (typeof d === 'string' ? d : isObj(d) ? str(d.text) : ''));

export const ENDPOINTS: readonly Endpoint[] = [
  {
    path: '/v1/chat/completions', format: 'openai.chat', body: 'json', streams: true,
    prompt: (b, model) => countChatPromptTokens({ model, messages: b.messages, tools: b.tools, functions: b.functions }),
  },
  {
    path: '/v1/messages', format: 'claude.messages', body: 'json', streams: true,
    prompt: (b, model) => countClaudePromptTokens({ model, system: b.system, messages: b.messages, tools: b.tools }),
  },
  { path: '/v1/completions', format: 'openai.completions', body: 'json', streams: true, prompt: (b, m) => countInputTokens(m, b.prompt) },
  { path: '/v1/embeddings', format: 'openai.embeddings', body: 'json', noOutput: true, prompt: (b, m) => countInputTokens(m, b.input) },
  {
    path: '/v1/moderations', format: 'openai.moderations', body: 'json', defaultModel: 'text-moderation-stable', noOutput: true,
    prompt: (b, m) => countInputTokens(m, b.input),
  },
  {
    path: '/v1/images/generations', format: 'openai.images.generations', body: 'json', defaultModel: 'dall-e-2', image: true,
    prompt: (b, m) => countTextTokens(str(b.prompt), m),
  },
  { path: '/v1/images/edits', format: 'openai.images.edits', body: 'form', defaultModel: 'dall-e-2', image: true, prompt: () => 0 },
  { path: '/v1/audio/speech', format: 'openai.audio.speech', body: 'json', defaultModel: 'tts-1', noOutput: true, prompt: (b, m) => ttsPromptTokens(m, str(b.input)) },
  { path: '/v1/audio/transcriptions', format: 'openai.audio.transcriptions', body: 'form', defaultModel: 'whisper-1', prompt: () => 0 },
  { path: '/v1/audio/translations', format: 'openai.audio.translations', body: 'form', defaultModel: 'whisper-1', prompt: () => 0 },
  { path: '/v1/responses', format: 'openai.responses', body: 'json', streams: true, prompt: (b, m) => countTextTokens(responsesInputText(b), m) },
  {
    path: '/v1/rerank', format: 'rerank', body: 'json', noOutput: true,
    prompt: (b, m) => countTextTokens([str(b.query), ...documentsText(b.documents)].join('\n'), m),
  },
];

/** The fields of a request that size an image call, from JSON or form values. */
export function imageRequestUnits(model: string, get: (field: string) => unknown): number {
  return imageUnits(model, str(get('size')) || undefined, str(get('quality')) || undefined, numOf(get('n')) ?? 1);
}

/** Numbers the estimate reads (form values arrive as text). */
export const numberField = numOf;
