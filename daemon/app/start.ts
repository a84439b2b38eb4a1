// Starts the daemon: services, HTTP server, background work; and stops it cleanly (stop accepting, let in-flight
// requests finish within the grace period, close the database).
import type { GatewayConfig } from '../../config/schema.js';
import { createServices, type Services } from './services.js';
import { buildServer, type ServerOptions } from './server.js';

export interface RunningGateway {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  opts: { services?: Services; server?: ServerOptions } = {},
): Promise<RunningGateway> {
  const services = opts.services ?? (await createServices(config));
  let app;
  try {
    app = await buildServer(services, opts.server);
    await app.listen({ host: config.server.host, port: config.server.port });
  } catch (e) {
    await app?.close().catch(() => undefined);
    if (!opts.services) await services.close();
    throw e;
  }
  services.startBackground((e) => app.log.error({ err: e }, 'background task failed'));
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.server.port;
  const host = config.server.host === '0.0.0.0' || config.server.host === '::' ? 'localhost' : config.server.host;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const grace = setTimeout(() => {
        app.log.warn('grace period over: closing the remaining connections');
        app.server.closeAllConnections();
      }, config.server.shutdown_grace_seconds * 1000);
      grace.unref();
      // A keep-alive socket whose request finishes after close() began turns idle later; close it then.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks (usage flushes)
      } finally {
        clearInterval(sweep);
        clearTimeout(grace);
        await services.close();
      }
    })());
  return { url: `http://${host}:${port}`, services, stop };
}
