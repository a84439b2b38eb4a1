// The Gemini API under /v1beta (and /v1) (reference §1.5): POST /v1beta/models/{model}:{method} for
// generateContent, streamGenerateContent (SSE with `alt=sse`, else one streamed JSON array, as Google answers),
// embedContent and batchEmbedContents, run through the same pipeline as every relay call; GET /v1beta/models and
// /v1beta/models/{model} list what the key may use in Google's shape. The key may come as `x-goog-api-key`,
// `?key=` or `Authorization: Bearer`. Everything these routes answer, errors included, is in Google's shape.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RelayPipeline } from './pipeline.js';
import { RelayError } from './relay-error.js';
import { apiKeyOf } from './relay-auth.js';
import { GEMINI_METHODS } from './gemini-endpoints.js';

/** The API key of a Gemini client: `x-goog-api-key`, else `?key=`, else the usual headers. */
export function geminiKeyOf(req: FastifyRequest): string {
  const h = req.headers['x-goog-api-key'];
  const header = (Array.isArray(h) ? h[0] : h)?.trim();
  const q = (req.query as Record<string, unknown> | undefined)?.key;
  const query = typeof q === 'string' ? q.trim() : Array.isArray(q) && typeof q[0] === 'string' ? q[0].trim() : '';
  return header || query || apiKeyOf(req.headers);
}

/** Does the request come from a Gemini client (its key header or `?key=`)? */
export const isGeminiClient = (req: FastifyRequest): boolean =>
  Boolean(req.headers['x-goog-api-key'] || (req.query as Record<string, unknown> | undefined)?.key);

const EMBEDDING = /embed/i;

/** One model in Google's list shape. */
export function geminiModelEntry(id: string) {
  return {
    name: `models/${id}`,
    baseModelId: id,
    version: '001',
    displayName: id,
    description: id,
    supportedGenerationMethods: EMBEDDING.test(id) ? ['embedContent', 'batchEmbedContents'] : ['generateContent', 'streamGenerateContent'],
  };
}

export const geminiModelList = (ids: readonly string[]) => ({ models: ids.map(geminiModelEntry) });

/** `{model}:{method}` from the path's tail; a `models/` prefix (sent by some clients twice) is dropped. */
export function parseModelPath(tail: string): { model: string; method: string } {
  const colon = tail.lastIndexOf(':');
  const model = (colon < 0 ? tail : tail.slice(0, colon)).replace(/^models\//, '').trim();
  return { model, method: colon < 0 ? '' : tail.slice(colon + 1) };
}

const CONFIG = { relayFormat: 'gemini.generate' as const };

export function registerGeminiRoutes(
  app: FastifyInstance,
  pipeline: RelayPipeline,
  listFor: (req: FastifyRequest, key: string) => Promise<string[]>,
): void {
  app.options('/v1beta/*', async (req, reply) => {
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', String(req.headers['access-control-request-headers'] ?? '*'));
    reply.header('access-control-max-age', '600');
    return reply.status(204).send();
  });

  const generate = (req: FastifyRequest, reply: FastifyReply) => {
    const { model, method } = parseModelPath((req.params as { '*': string })['*'] ?? '');
    const m = GEMINI_METHODS[method];
    if (!m || !model) throw new RelayError(404, { key: 'relay.gemini_method_unknown', params: { method: method || '(none)' } }, 'NOT_FOUND', 'method_not_found');
    const alt = (req.query as Record<string, unknown> | undefined)?.alt;
    return pipeline.handle(m.ep, req, reply, {
      model, stream: m.stream, apiKey: geminiKeyOf(req), framing: m.stream && alt !== 'sse' ? 'json-array' : 'sse',
    });
  };
  app.post('/v1beta/models/*', { config: CONFIG }, generate);
  app.post('/v1/models/*', { config: CONFIG }, generate);

  app.get('/v1beta/models', { config: CONFIG }, async (req) => geminiModelList(await listFor(req, geminiKeyOf(req))));
  app.get('/v1beta/models/*', { config: CONFIG }, async (req) => {
    const { model } = parseModelPath((req.params as { '*': string })['*'] ?? '');
    if (!(await listFor(req, geminiKeyOf(req))).includes(model))
      throw new RelayError(404, { key: 'relay.model_not_found', params: { model } }, 'NOT_FOUND', 'model_not_found');
    return geminiModelEntry(model);
  });
}
