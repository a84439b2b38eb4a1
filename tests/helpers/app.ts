// A gateway on a fresh database for one test file: services + Fastify instance (inject or listen).
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig } from '../../config/load.js';
import type { GatewayConfig } from '../../config/schema.js';
import { createServices, type Services } from '../../daemon/app/services.js';
import { buildServer } from '../../daemon/app/server.js';
import type { Clock } from '../../daemon/app/clock.js';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { freshDb, type TestDb } from './db.js';

export interface TestApp {
  db: TestDb;
  config: GatewayConfig;
  services: Services;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { overrides?: Record<string, unknown>; clock?: Clock; console?: boolean } = {},
): Promise<TestApp> {
  const db = await freshDb();
  const config = loadConfig({
    env: {},
    overrides: {
      data_dir: db.dataDir,
      'database.url': db.url,
      'console.enabled': opts.console ?? false,
      'log.level': 'silent',
      'cache.sync_interval_ms': 200,
      ...opts.overrides,
    },
  });
  const services = await createServices(config, { target: db.target, clock: opts.clock });
  const app = await buildServer(services, { logger: false });
  await app.ready();
  return {
    db, config, services, app,
    async close() {
      await app.close();
      await services.close();
      await db.drop();
    },
  };
}

/** Cookie jar + New-Api-User header, as the console sends them. */
export class Browser {
  cookie = '';
  userId: number | null = null;
  lang: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async call(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.userId !== null ? { 'new-api-user': String(this.userId) } : {}),
        ...(this.lang ? { 'accept-language': this.lang } : {}),
        ...headers,
      },
    });
    const set = res.headers['set-cookie'];
    for (const c of ([] as string[]).concat(set ?? [])) {
      const [pair] = c.split(';');
      if (pair.startsWith('session=')) this.cookie = pair.endsWith('=') ? '' : pair;
    }
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; data?: any }, headers: res.headers };
  }

  async login(username: string, password: string) {
    const r = await this.call('POST', '/api/user/login', { username, password });
    if (r.body.success) this.userId = r.body.data.id;
    return r;
  }
}

export async function setupRoot(app: FastifyInstance, username = 'admin', password = 'correct-horse-1') {
  const r = await app.inject({
    method: 'POST',
    url: '/api/setup',
    payload: { username, password, confirmPassword: password, SelfUseModeEnabled: false, DemoSiteEnabled: false },
  });
  if (r.json().success !== true) throw new Error(`setup failed: ${r.body}`);
  return { username, password };
}

/** A user written straight into the database, with the password `<username>-pass-1` (see signInUser). */
export async function insertUser(
  t: TestApp,
  username: string,
  f: Partial<{ role: number; agent_id: number; quota: number; group: string; exclusive_price: number; status: number }> = {},
): Promise<number> {
  return Number(await t.services.em.fork().insert(UserEntity, {
    username, password: await hashPassword(`${username}-pass-1`), role: f.role ?? 1, status: f.status ?? 1, group: f.group ?? 'default',
    quota: f.quota ?? 0, agent_id: f.agent_id ?? 0, exclusive_price: f.exclusive_price ?? 0, display_name: username, created_at: 1,
  }));
}

/** Signs in a user made by insertUser; the browser asks for English messages. */
export async function signInUser(t: TestApp, username: string): Promise<Browser> {
  const b = new Browser(t.app);
  b.lang = 'en';
  const r = await b.login(username, `${username}-pass-1`);
  if (!r.body.success) throw new Error(`sign-in of ${username} failed: ${r.body.message}`);
  return b;
}
