// The Gemini API's inbound endpoints (reference §1.5) as data, like endpoints.ts: generateContent (streamed or not),
// embedContent and batchEmbedContents. The model and the method come from the URL (gemini.routes.ts); the
// numbers the relay reads live in generationConfig; prompt tokens are counted over systemInstruction, contents
// (text, function calls and results; media at new-api's flat 255 for Gemini) and function declarations.
import { countTextTokens, imageTokens } from '../billing/token-count.js';
import { effortForThinking } from '../providers/gemini/thinking.js';
import { isObj, list, str, type Obj } from '../providers/shape.js';
import type { Endpoint } from './endpoints.js';

const TOKENS_PER_CONTENT = 3;
const REPLY_PRIMER = 3;
const json = (x: unknown): string => (x === undefined ? '' : JSON.stringify(x));
const field = (o: Obj, camel: string, snake: string): unknown => o[camel] ?? o[snake];

function partsTokens(parts: unknown, model: string): number {
  let n = 0;
  for (const p of list(parts)) {
    if (!isObj(p)) continue;
    if (typeof p.text === 'string') n += countTextTokens(p.text, model);
    const call = field(p, 'functionCall', 'function_call');
    if (isObj(call)) n += countTextTokens(str(call.name) + json(call.args), model);
    const result = field(p, 'functionResponse', 'function_response');
    if (isObj(result)) n += countTextTokens(str(result.name) + json(result.response), model);
    if (isObj(field(p, 'inlineData', 'inline_data')) || isObj(field(p, 'fileData', 'file_data'))) n += imageTokens(model, {}, 'flat');
  }
  return n;
}

/** Prompt tokens of a generateContent request. */
export function countGeminiPromptTokens(body: Obj, model: string): number {
  const sys = field(body, 'systemInstruction', 'system_instruction');
  let n = isObj(sys) ? partsTokens(sys.parts, model) : typeof sys === 'string' ? countTextTokens(sys, model) : 0;
  for (const c of list(body.contents)) if (isObj(c)) n += TOKENS_PER_CONTENT + partsTokens(c.parts, model);
  for (const t of list(body.tools))
    for (const d of isObj(t) ? list(field(t, 'functionDeclarations', 'function_declarations')) : [])
      if (isObj(d)) n += countTextTokens(str(d.name) + str(d.description) + json(d.parameters ?? d.parametersJsonSchema), model);
  return n + REPLY_PRIMER;
}

/** Input tokens of embedContent (one content) or batchEmbedContents (its requests' contents). */
export const countGeminiEmbedTokens = (body: Obj, model: string): number =>
  (Array.isArray(body.requests) ? body.requests : [body]).reduce<number>((n, r) => n + (isObj(r) && isObj(r.content) ? partsTokens(r.content.parts, model) : 0), 0);

/** generationConfig's numbers under the names the relay reads (max_tokens, n, reasoning_effort). */
function generationFields(body: Obj): Record<string, unknown> {
  const g = field(body, 'generationConfig', 'generation_config');
  if (!isObj(g)) return {};
  return {
    max_tokens: field(g, 'maxOutputTokens', 'max_output_tokens'),
    n: field(g, 'candidateCount', 'candidate_count'),
    reasoning_effort: effortForThinking(field(g, 'thinkingConfig', 'thinking_config')),
  };
}

export const GEMINI_GENERATE: Endpoint = {
  path: '/v1beta/models/{model}:generateContent', format: 'gemini.generate', body: 'json', streams: true,
  prompt: countGeminiPromptTokens, fields: generationFields,
};
export const GEMINI_EMBED: Endpoint = {
  path: '/v1beta/models/{model}:embedContent', format: 'gemini.embed', body: 'json', noOutput: true, prompt: countGeminiEmbedTokens, fields: () => ({}),
};
export const GEMINI_BATCH_EMBED: Endpoint = {
  path: '/v1beta/models/{model}:batchEmbedContents', format: 'gemini.batch_embed', body: 'json', noOutput: true, prompt: countGeminiEmbedTokens, fields: () => ({}),
};

/** The Gemini API methods the relay serves, by the name after the colon. */
export const GEMINI_METHODS: Readonly<Record<string, { ep: Endpoint; stream: boolean }>> = {
  generateContent: { ep: GEMINI_GENERATE, stream: false },
  streamGenerateContent: { ep: GEMINI_GENERATE, stream: true },
  embedContent: { ep: GEMINI_EMBED, stream: false },
  batchEmbedContents: { ep: GEMINI_BATCH_EMBED, stream: false },
};
