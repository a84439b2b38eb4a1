// Everything the daemon and the CLI share, without HTTP: the ORM, caches, stores and services.
import type { EntityManager } from '@mikro-orm/knex';
import type { Redis } from 'ioredis';
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
import { AgentDirectory } from '../modules/agent/agent-directory.js';
import { AgentOptionStore } from '../modules/agent/agent-option.store.js';
import { Branding } from '../modules/agent/branding.js';
import { SetupService } from '../modules/setup/setup.service.js';
import { UserService } from '../modules/user/user.service.js';
import { SessionService } from '../modules/session/session.service.js';
import { UserAdminService } from '../modules/user/user-admin.service.js';
import { ChannelService } from '../modules/channel/channel.service.js';
import { TokenService } from '../modules/token/token.service.js';
import { LogService } from '../modules/log/log.service.js';
import type { Wallet } from '../modules/wallet/wallet.js';
import { DbWallet } from '../modules/wallet/db-wallet.js';
import { LedgerWallet } from '../modules/wallet/ledger-wallet.js';
import { UsageWriter } from '../relay/usage-writer.js';
import { PricingCache } from '../relay/pricing.js';
import { channelTestLog } from '../modules/channel/channel-test-log.js';
import { SelfService } from '../modules/self/self.service.js';
import { QuotaNotifier } from '../modules/notify/quota-notifier.js';
import { RootNotifier } from '../modules/notify/root-notifier.js';
import { SmtpMailer, type Mailer } from './mailer.js';
import { TurnstileVerifier } from './turnstile.js';
import { VerificationService } from '../modules/verification/verification.service.js';
import { MailThrottle } from '../modules/account/mail-throttle.js';
import { EmailCodeService } from '../modules/account/email-code.service.js';
import { PasswordResetService } from '../modules/account/password-reset.service.js';
import { RegistrationService } from '../modules/account/registration.service.js';
import { RedemptionService } from '../modules/redemption/redemption.service.js';
import { RedeemService } from '../modules/redemption/redeem.service.js';
import { OrderService } from '../modules/orders/order.service.js';
import { InvoiceService } from '../modules/invoice/invoice.service.js';
import { SettlementService } from '../modules/settlement/settlement.service.js';
import { PricingService } from '../modules/pricing/pricing.service.js';
import { TopUpService } from '../modules/topup/topup.service.js';
import { AgentService } from '../modules/agent/agent.service.js';
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
  /** Agents' own white-label values (design agents.md §5). */
  agentOptions: AgentOptionStore;
  /** Which agent's white-label values a request sees, and those values over the site's. */
  branding: Branding;
  setup: SetupService;
  users: UserService;
  sessions: SessionService;
  /** User management for admins and agents (the /user page and `gateway user`). */
  userAdmin: UserAdminService;
  channels: ChannelService;
  tokens: TokenService;
  logs: LogService;
  wallet: Wallet;
  /** Batched log writes; flushed on close. */
  usage: UsageWriter;
  /** The signed-in user's own account: profile, password, access token, invite code, notification settings. */
  selfService: SelfService;
  /** Quota warnings after relay calls (the relay calls afterCharge; it never waits for them). */
  quotaNotify: QuotaNotifier;
  /** E-mail through the SMTP options: send({to, subject, html}) throws a ServiceError when not configured or failed. */
  mailer: Mailer;
  /** One-time e-mail codes and reset tokens in the database: consume(purpose, email, code) is single-use. */
  verification: VerificationService;
  /** Cloudflare Turnstile check (when TurnstileCheckEnabled): check(token, ip) throws when it fails. */
  turnstile: TurnstileVerifier;
  registration: RegistrationService;
  /** GET /api/verification: codes for registration and e-mail binding. */
  emailCodes: EmailCodeService;
  passwordReset: PasswordResetService;
  /** The pricing page: offered models priced by the relay's own price resolution, per viewer. */
  pricing: PricingService;
  /** Redemption code management (admins). */
  redemptions: RedemptionService;
  /** POST /api/user/topup: redeeming a code, exactly once, rate limited per user and IP. */
  redeem: RedeemService;
  /** Top-up orders, read only: own, an agent's sub-users', everyone's (admins). */
  orders: OrderService;
  /** Invoice requests: the invoiceable amount, applying (serialised per user), lists, the admin's review. */
  invoices: InvoiceService;
  /** Agents' payout account and settlements: requests (one conditional debit each), lists, the admin's review. */
  settlements: SettlementService;
  /** Online top-up through epay: quote, pay, the provider's callback, order expiry. */
  topups: TopUpService;
  /** Agent administration: add an agent, the agent table, an agent's own row (design agents.md §1, §6). */
  agents: AgentService;
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
      // Loaded only when configured: a single-instance gateway never pays for the client's code.
      const { Redis } = await import('ioredis');
      redis = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
    }
    const epochs = new CacheEpochs(em);
    const options = new OptionStore(em, epochs);
    await options.load();
    const agentDirectory = new AgentDirectory(em, epochs);
    const agentOptions = new AgentOptionStore(em, epochs, clock);
    await Promise.all([agentDirectory.load(), agentOptions.load()]);
    const branding = new Branding(options, agentDirectory, agentOptions);
    const caches = { tokens: new TokenCache(em, epochs), users: new UserCache(em, epochs), channels: new ChannelCache(em, epochs) };
    await epochs.prime();
    const databaseType: DatabaseType = target.kind === 'sqlite' ? 'sqlite' : 'postgres';
    const setup = new SetupService(em, options, clock, databaseType, VERSION);
    await setup.reconcile();
    const rateLimits: RateLimitStore = redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
    const sessions = new SessionService(em, clock, config.session.max_age_days * 86_400);
    const timers: NodeJS.Timeout[] = [];
    const channels = new ChannelService(em, clock, epochs, options);
    const ledger = useLedger(config, target.kind) ? new LedgerWallet(em, epochs) : undefined;
    const wallet: Wallet = ledger ?? new DbWallet(em, epochs, target.kind);
    const testPricing = new PricingCache(options);
    // awaited by the test (one small read), so a CLI that closes right after still has the row queued
    channels.onTested = (tested) =>
      rootUser(em)
        .then((root) => {
          const row = root && channelTestLog({ ...tested, now: clock(), root }, testPricing.get());
          if (row) usage.add(row);
        })
        .catch((e) => console.error('writing the channel test log failed:', e));
    const usage = new UsageWriter(em, target.kind, {
      intervalMs: config.relay.write_interval_ms,
      ledger: ledger && { wallet: ledger, epochs },
      onError: (e) => console.error('writing usage logs failed (will retry):', e),
    });
    const mailer = new SmtpMailer(options);
    const quotaNotify = new QuotaNotifier({
      em, clock, epochs, users: caches.users, options, mailer, allowPrivateWebhook: config.notify.webhook_allow_private,
    });
    const rootNotify = new RootNotifier({ em, clock, mailer, allowPrivateWebhook: config.notify.webhook_allow_private });
    channels.onStatusChange = (c) => rootNotify.channelChanged(c);
    const secret = sessionSecret(config.session.secret, config.data_dir);
    const turnstile = new TurnstileVerifier(options, config.turnstile.verify_url);
    const verification = new VerificationService(em, clock, secret.secret);
    const rl = config.rate_limit;
    const throttle = new MailThrottle(rateLimits, { addressCount: rl.mail_address_count, ipCount: rl.mail_ip_count, windowSeconds: rl.mail_window_seconds });
    const topups = new TopUpService({ em, clock, options, epochs, expireSeconds: config.payment.order_expire_minutes * 60 });
    return {
      config, orm, em, dbKind: target.kind, clock, startTime: clock(), redis, epochs, caches, rateLimits, options, agentOptions, branding, setup,
      secret,
      users: new UserService(em, clock),
      sessions,
      userAdmin: new UserAdminService(em, clock, epochs, options, target.kind),
      channels,
      tokens: new TokenService(em, clock, epochs, options),
      logs: new LogService(em, clock),
      wallet,
      usage,
      selfService: new SelfService({ em, clock, epochs, options, dbKind: target.kind, channels: caches.channels, allowPrivateWebhook: config.notify.webhook_allow_private }),
      quotaNotify,
      mailer,
      verification,
      turnstile,
      registration: new RegistrationService({
        em, clock, options, verification, turnstile, rateLimits, limit: { count: rl.register_count, windowSeconds: rl.register_window_seconds },
        dbKind: target.kind,
      }),
      emailCodes: new EmailCodeService({ em, options, branding, mailer, verification, throttle }),
      passwordReset: new PasswordResetService({ em, options, branding, mailer, verification, sessions, throttle }),
      pricing: new PricingService({ options, epochs, channels: caches.channels, users: caches.users }),
      redemptions: new RedemptionService(em, clock),
      redeem: new RedeemService({ em, clock, epochs, options, rateLimits, limit: { count: rl.redeem_count, windowSeconds: rl.redeem_window_seconds } }),
      orders: new OrderService(em),
      invoices: new InvoiceService(em, clock, target.kind),
      settlements: new SettlementService({ em, clock, options }),
      topups,
      agents: new AgentService(em, clock, epochs, options, target.kind),
      startBackground(onError) {
        usage.start();
        epochs.start(config.cache.sync_interval_ms, onError);
        if (config.relay.channel_test_minutes > 0)
          timers.push(channels.startTestLoop(config.relay.channel_test_minutes * 60_000, config.relay.channel_test_pause_ms, onError));
        const prune = setInterval(() => sessions.pruneExpired().catch(onError), 3_600_000);
        prune.unref();
        timers.push(prune);
        timers.push(topups.startExpiryLoop(onError));
      },
      async close() {
        epochs.stop();
        timers.forEach(clearInterval);
        await channels.close(); // aborts upstream calls and ends a running test-all
        try {
          await quotaNotify.idle(); // warnings under way finish (or time out) before the database closes
          await rootNotify.idle();
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

/** The in-memory ledger unless configured otherwise: auto = ledger on SQLite, the database wallet on PostgreSQL. */
function useLedger(config: GatewayConfig, kind: DbKind): boolean {
  return config.relay.wallet === 'ledger' || (config.relay.wallet === 'auto' && kind === 'sqlite');
}

/** The first super admin (new-api's user 1), whom channel tests are logged for. */
async function rootUser(em: EntityManager): Promise<{ id: number; username: string; group: string } | undefined> {
  const [r] = await em.fork().execute<{ id: unknown; username: string; group: string }[]>(
    'select id, username, "group" from users where role >= 100 order by id limit 1',
  );
  return r ? { id: Number(r.id), username: r.username, group: r.group || 'default' } : undefined;
}
