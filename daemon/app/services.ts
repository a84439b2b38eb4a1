// Everything the daemon and the CLI share, without HTTP: the ORM, caches, stores and services.
import type { EntityManager } from '@mikro-orm/knex';
import { Redis } from 'ioredis';
import type { GatewayConfig } from '../../config/schema.js';
import type { DatabaseType } from '../contract/setup.js';
import { openOrm, targetOf, type DbKind, type Orm, type OrmTarget } from './orm.js';
import { systemClock, type Clock } from './clock.js';
import { CacheEpochs } from './cache/epochs.js';
import { TokenCache } from './cache/token-cache.js';
import { UserCache } from './cache/user-cache.js';
import { ChannelCache } from './cache/channel-cache.js';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit/store.js';
import { sessionSecret, type SecretResult } from './secret.js';
import { OptionStore } from '../modules/option/option.store.js';
import { SetupService } from '../modules/setup/setup.service.js';
import { UserService } from '../modules/user/user.service.js';
import { SessionService } from '../modules/session/session.service.js';
import { ChannelService } from '../modules/channel/channel.service.js';
import { TokenService } from '../modules/token/token.service.js';
import { LogService } from '../modules/log/log.service.js';
import { WalletService } from '../modules/wallet/wallet.service.js';
import { UsageWriter } from '../relay/usage-writer.js';
import { VERSION } from './version.js';

export interface Services {
  config: GatewayConfig;
  orm: Orm;
  em: EntityManager;
  dbKind: DbKind;
  clock: Clock;
  startTime: number;
  secret: SecretResult;
  redis?: Redis;
  epochs: CacheEpochs;
  /** The relay's hot-path snapshots, reloaded when their epoch section moves. */
  caches: { tokens: TokenCache; users: UserCache; channels: ChannelCache };
  rateLimits: RateLimitStore;
  options: OptionStore;
  setup: SetupService;
  users: UserService;
  sessions: SessionService;
  channels: ChannelService;
  tokens: TokenService;
  logs: LogService;
  wallet: WalletService;
  /** Batched log writes; flushed on close. */
  usage: UsageWriter;
  /** Starts the daemon's background work (cache sync, session pruning). CLI commands don't call it. */
  startBackground(onError: (e: unknown) => void): void;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Database to use instead of the one configured (tests). */
  target?: OrmTarget;
  clock?: Clock;
}

export async function createServices(config: GatewayConfig, opts: ServiceOptions = {}): Promise<Services> {
  const target = opts.target ?? targetOf(config);
  const orm = await openOrm(target, { migrate: true });
  const em = orm.em.fork() as EntityManager;
  const clock = opts.clock ?? systemClock;
  let redis: Redis | undefined;
  try {
    if (config.redis.url) {
      redis = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
    }
    const epochs = new CacheEpochs(em);
    const options = new OptionStore(em, epochs);
    await options.load();
    const caches = { tokens: new TokenCache(em, epochs), users: new UserCache(em, epochs), channels: new ChannelCache(em, epochs) };
    await epochs.prime();
    const databaseType: DatabaseType = target.kind === 'sqlite' ? 'sqlite' : 'postgres';
    const setup = new SetupService(em, options, clock, databaseType, VERSION);
    await setup.reconcile();
    const rateLimits: RateLimitStore = redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
    const sessions = new SessionService(em, clock, config.session.max_age_days * 86_400);
    const timers: NodeJS.Timeout[] = [];
    const channels = new ChannelService(em, clock, epochs, options);
    const usage = new UsageWriter(em, { onError: (e) => console.error('writing usage logs failed (will retry):', e) });
    return {
      config, orm, em, dbKind: target.kind, clock, startTime: clock(), redis, epochs, caches, rateLimits, options, setup,
      secret: sessionSecret(config.session.secret, config.data_dir),
      users: new UserService(em, clock),
      sessions,
      channels,
      tokens: new TokenService(em, clock, epochs, options),
      logs: new LogService(em, clock),
      wallet: new WalletService(em, epochs, target.kind),
      usage,
      startBackground(onError) {
        usage.start();
        epochs.start(config.cache.sync_interval_ms, onError);
        const prune = setInterval(() => sessions.pruneExpired().catch(onError), 3_600_000);
        prune.unref();
        timers.push(prune);
      },
      async close() {
        epochs.stop();
        timers.forEach(clearInterval);
        await channels.close(); // aborts upstream calls and ends a running test-all
        try {
          await usage.close(); // before the database closes: queued log rows are written, not lost
        } finally {
          await rateLimits.close();
          await redis?.quit().catch(() => undefined);
          await orm.close(true);
        }
      },
    };
  } catch (e) {
    await redis?.quit().catch(() => undefined);
    await orm.close(true);
    throw e;
  }
}
