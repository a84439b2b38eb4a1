import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createServices } from '../../daemon/app/services.js';
import { startGateway } from '../../daemon/app/start.js';
import { freshDb, type TestDb } from '../helpers/db.js';

describe('graceful stop', () => {
  let db: TestDb;
  afterAll(() => db?.drop());

  it('finishes in-flight requests, refuses new connections, then closes the database', async () => {
    db = await freshDb();
    const config = loadConfig({
      env: {},
      overrides: { data_dir: db.dataDir, 'database.url': db.url, 'server.port': 0, 'server.host': '127.0.0.1', 'log.level': 'silent', 'console.enabled': false },
    });
    const services = await createServices(config, { target: db.target });
    const gw = await startGateway(config, {
      services,
      server: {
        logger: false,
        plugins: [async (app) => app.get('/test/slow', { config: { auth: 'public' } }, async () => {
          await new Promise((r) => setTimeout(r, 600));
          return { done: true };
        })],
      },
    });
    const inFlight = fetch(`${gw.url.replace('localhost', '127.0.0.1')}/test/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    const stopped = gw.stop();
    expect(await inFlight).toEqual({ done: true });
    await stopped;
    await expect(fetch(`${gw.url.replace('localhost', '127.0.0.1')}/api/status`)).rejects.toThrow();
    expect(await services.orm.isConnected()).toBe(false);
    await gw.stop(); // a second stop is harmless
  });
});
