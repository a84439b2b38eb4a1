// Embeddings across the OpenAI and Gemini formats (new-api converts OpenAI embeddings for Gemini channels into
// batchEmbedContents). OpenAI → Gemini: each input string becomes one request of the batch (dimensions →
// outputDimensionality); the vectors come back as OpenAI's list (floats, or base64 when the client asked for it, as
// the openai SDK does by default). Gemini → OpenAI: embedContent's text or each batch request's text becomes one
// input; the vectors come back as `embedding` / `embeddings`. The usage shown is the one billed.
import type { Usage } from '../../billing/quota.js';
import type { UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';

const partsText = (content: unknown): string =>
  (isObj(content) ? list(content.parts) : []).map((p) => (isObj(p) ? str(p.text) : '')).filter(Boolean).join('\n');

export function openaiToGeminiEmbedRequest(body: Obj, call: UpstreamCall): Obj {
  const inputs = typeof body.input === 'string' ? [body.input] : list(body.input).filter((x): x is string => typeof x === 'string');
  const dims = typeof body.dimensions === 'number' && body.dimensions > 0 ? body.dimensions : undefined;
  return {
    requests: inputs.map((text) => ({ model: `models/${call.model}`, content: { parts: [{ text }] }, ...(dims ? { outputDimensionality: dims } : {}) })),
  };
}

/** A vector as OpenAI's base64 encoding: little-endian float32s. */
export function base64Floats(values: unknown[]): string {
  const floats = new Float32Array(values.map((v) => (typeof v === 'number' ? v : 0)));
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

export function geminiToOpenaiEmbedResponse(json: unknown, call: UpstreamCall, billed: Usage): Obj {
  const vectors = (isObj(json) ? list(json.embeddings) : []).map((e) => (isObj(e) ? list(e.values) : []));
  const asked = call.clientBody?.kind === 'json' ? call.clientBody.value.encoding_format : undefined;
  return {
    object: 'list',
    data: vectors.map((v, index) => ({ object: 'embedding', index, embedding: asked === 'base64' ? base64Floats(v) : v })),
    model: call.model,
    usage: { prompt_tokens: billed.promptTokens, total_tokens: billed.promptTokens },
  };
}

/** embedContent (one text) or batchEmbedContents (many) as an OpenAI embeddings request. */
export function geminiToOpenaiEmbedRequest(body: Obj, call: UpstreamCall, batch: boolean): Obj {
  const requests = batch ? list(body.requests).filter(isObj) : [body];
  const out: Obj = { model: call.model, input: batch ? requests.map((r) => partsText(r.content)) : partsText(body.content) };
  const dims = requests.map((r) => r.outputDimensionality).find((d) => typeof d === 'number' && d > 0);
  if (dims !== undefined) out.dimensions = dims;
  return out;
}

export function openaiToGeminiEmbedResponse(json: unknown, batch: boolean): Obj {
  const data = (isObj(json) ? list(json.data) : []).filter(isObj).sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
  const vectors = data.map((d) => ({ values: list(d.embedding) }));
  return batch ? { embeddings: vectors } : { embedding: vectors[0] ?? { values: [] } };
}
