// Builds the Fastify instance (no listen): plugins, /api routes, the console. Used by `serve` and by tests.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Services } from './services.js';
import { errorsPlugin } from '../http/plugins/errors.js';
import { authPlugin } from '../http/plugins/auth.js';
import { rateLimitPlugin } from '../http/plugins/rate-limit.js';
import { consoleStaticPlugin } from '../http/plugins/console-static.js';
import { noStorePlugin } from '../http/plugins/no-store.js';
import { embedCorsPlugin } from '../http/plugins/cors.js';
import { registerApi } from '../http/api.js';
import relayRoutes from '../relay/relay.routes.js';
import { requestId } from './random.js';
import { requestLogFields } from './log-serializers.js';

export interface ServerOptions {
  /** Pino logger options; false for none (tests). */
  logger?: boolean | { level: string };
  /** Extra plugins registered after /api (embedding hosts; tests). */
  plugins?: Array<(app: FastifyInstance) => Promise<unknown>>;
}

export async function buildServer(services: Services, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    // keys sent as ?key= (Gemini clients) never reach the log
    logger: opts.logger ?? { level: config.log.level, serializers: { req: requestLogFields } },
    trustProxy: config.server.trust_proxy,
    bodyLimit: config.server.body_limit_mb * 1024 * 1024,
    // Idle keep-alive sockets close on shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
    // One line per request only when debugging; usage is recorded in the database, not the log.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.log.level) }),
    requestIdHeader: false,
    genReqId: requestId,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    // new-api's clients call routes with and without the trailing slash; both reach the same route and its limits.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('services', services);
  await app.register(errorsPlugin);
  await app.register(noStorePlugin);
  await app.register(embedCorsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await registerApi(app);
  await app.register(relayRoutes);
  for (const plugin of opts.plugins ?? []) await app.register(plugin);
  await app.register(consoleStaticPlugin);
  return app;
}
