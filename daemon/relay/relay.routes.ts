// The OpenAI-compatible relay under /v1 (reference §1.4): an encapsulated plugin with its own CORS (every origin,
// no cookies: keys travel in headers), its own error shape, a raw multipart body for the upload endpoints, and
// one handler per endpoint of endpoints.ts, all running the same pipeline. Gemini's /v1beta API: gemini.routes.ts.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UpstreamHttp } from './upstream-http.js';
import { RELAY_CORS_HEADERS } from './relay-headers.js';
import { RelayPipeline } from './pipeline.js';
import { ENDPOINTS } from './endpoints.js';
import { RelayError, refuse, relayLang } from './relay-error.js';
import { errorBodyFor } from './error-shapes.js';
import { rawBodies } from './request-input.js';
import { apiKeyOf, authenticate, routingGroup } from './relay-auth.js';
import { claudeModelList, modelEntry, modelIds } from './models.js';
import { geminiKeyOf, geminiModelList, isGeminiClient, registerGeminiRoutes } from './gemini.routes.js';

/** Endpoints new-api answers with 501 `api_not_implemented` (reference §1.4): not offered by this gateway either. */
const NOT_OFFERED: Array<[method: 'GET' | 'POST' | 'DELETE', path: string]> = [
  ['POST', '/v1/images/variations'], ['GET', '/v1/files'], ['POST', '/v1/files'], ['GET', '/v1/files/*'], ['DELETE', '/v1/files/*'],
  ['GET', '/v1/fine-tunes'], ['POST', '/v1/fine-tunes'], ['GET', '/v1/fine-tunes/*'], ['POST', '/v1/fine-tunes/*'],
  ['DELETE', '/v1/fine-tunes/*'], ['DELETE', '/v1/models/:model'],
];

function sendError(e: RelayError, req: FastifyRequest, reply: FastifyReply) {
  return reply.status(e.status).send(errorBodyFor(req.routeOptions.config?.relayFormat, e, relayLang(req.headers['accept-language']), req.id));
}

export default async function relayRoutes(app: FastifyInstance): Promise<void> {
  const s = app.services;
  const c = s.config.relay;
  const http = new UpstreamHttp({
    connectTimeoutMs: c.connect_timeout_ms, responseTimeoutMs: c.response_timeout_ms,
    idleTimeoutMs: c.stream_idle_timeout_ms, maxResponseBytes: c.max_response_mb * 1024 * 1024,
  });
  const pipeline = new RelayPipeline(s, http);
  const { pricing } = pipeline;
  app.addHook('onClose', () => http.close());

  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(RELAY_CORS_HEADERS);
    done();
  });
  app.options('/v1/*', async (req, reply) => {
    reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
    reply.header('access-control-allow-headers', String(req.headers['access-control-request-headers'] ?? '*'));
    reply.header('access-control-max-age', '600');
    return reply.status(204).send();
  });

  // Uploads are read whole (within the server's body limit) and passed on as a form.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  // JSON as usual; in pass-through mode (reference §6.3) the exact text is kept too, to be sent on unchanged.
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (s.options.bool('global.pass_through_request_enabled')) rawBodies.set(req, body as string);
    json(req, body as string, done);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof RelayError) return sendError(err, req, reply);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(new RelayError(413, { text: 'Request body too large' }, 'invalid_request_error', 'body_too_large'), req, reply);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return sendError(new RelayError(err.statusCode, { text: err.message }, 'invalid_request_error', 'invalid_request'), req, reply);
    req.log.error({ err }, 'relay failed');
    return sendError(new RelayError(500, { key: 'generic.internal' }, 'new_api_error', 'internal_error'), req, reply);
  });

  for (const ep of ENDPOINTS) app.post(ep.path, { config: { relayFormat: ep.format } }, (req, reply) => pipeline.handle(ep, req, reply));

  const listFor = async (req: FastifyRequest, key = apiKeyOf(req.headers)) => {
    const caller = await authenticate(s, key, req.ip);
    const group = routingGroup(caller, pricing.usableGroups(), pricing.pricedGroups());
    await s.caches.channels.load();
    return modelIds(caller, s.caches.channels.models(group));
  };
  app.get('/v1/models', async (req) => {
    // newer new-api: Google's list shape for a Gemini client (its key header or ?key=)
    if (isGeminiClient(req)) return geminiModelList(await listFor(req, geminiKeyOf(req)));
    const ids = await listFor(req);
    // newer new-api: Anthropic's list shape for a Claude client (both of its headers present)
    if (req.headers['x-api-key'] && req.headers['anthropic-version']) return claudeModelList(ids);
    return { object: 'list', data: ids.map(modelEntry) };
  });
  app.get<{ Params: { model: string } }>('/v1/models/:model', async (req) => {
    const model = req.params.model;
    if (!(await listFor(req)).includes(model)) throw new RelayError(404, { key: 'relay.model_not_found', params: { model } }, 'invalid_request_error', 'model_not_found');
    return modelEntry(model);
  });

  registerGeminiRoutes(app, pipeline, listFor);

  for (const [method, path] of NOT_OFFERED)
    app.route({ method, url: path, handler: async (req) => {
      await authenticate(s, apiKeyOf(req.headers), req.ip);
      throw refuse(501, 'relay.not_offered', { path: req.url.split('?')[0] }, 'api_not_implemented');
    } });
}
