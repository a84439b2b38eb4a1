// Quota warnings after relay calls (reference §4.8, spec 1 §9). The relay calls `afterCharge` once a call is
// settled; it returns at once and nothing it starts can block or fail the call. A user above their threshold
// costs no database round trip: the threshold comes from the relay's user cache and the remaining quota from the
// wallet. Below it, one warning per user per two hours, on every instance together: the send is claimed with a
// conditional update of users.quota_warned_at, so only one process wins a window. Failures are logged, not retried
// (the next window tries again), as new-api does.
import type { EntityManager } from '@mikro-orm/knex';
import { QUOTA_WARNING_INTERVAL_SECONDS } from '../../contract/self.js';
import type { Clock } from '../../app/clock.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { UserCache } from '../../app/cache/user-cache.js';
import type { OptionStore } from '../option/option.store.js';
import { notifySettingsOf } from '../self/notify-setting.js';
import { fillHtml, quotaWarning, webhookBody } from './quota-warning.js';
import { deliver, notifyTarget, type NotifyMailer } from './notify-delivery.js';

export type WarningMailer = NotifyMailer;

export interface QuotaNotifierDeps {
  em: EntityManager;
  clock: Clock;
  epochs: CacheEpochs;
  users: UserCache;
  options: OptionStore;
  mailer: WarningMailer;
  /** config notify.webhook_allow_private */
  allowPrivateWebhook: boolean;
  log?: (message: string) => void;
  webhookTimeoutMs?: number;
}

const affected = (r: unknown): number => Number((r as { affectedRows?: number } | undefined)?.affectedRows ?? 0);
const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class QuotaNotifier {
  /** Users this process knows need no look before this time (unix seconds): warned, or nowhere to send to. */
  private readonly quietUntil = new Map<number, number>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly log: (message: string) => void;

  constructor(private readonly d: QuotaNotifierDeps) {
    this.log = d.log ?? ((m) => console.error(m));
    // New settings, an e-mail or a top-up may change the answer: look again.
    d.epochs.on('users', () => this.quietUntil.clear());
  }

  /**
   * After a settled relay call. `remainingQuota` is the user's quota after it (undefined when the wallet does not
   * know it without a database read: then nothing is checked). Never throws, never waits.
   */
  afterCharge(userId: number, remainingQuota: number | undefined): void {
    if (remainingQuota === undefined || this.running.has(userId)) return;
    // the usual case, decided without a promise: a user above their threshold
    const cached = this.d.users.peek(userId);
    if (cached && remainingQuota >= (cached.quotaWarningThreshold ?? this.d.options.number('QuotaRemindThreshold'))) return;
    const quiet = this.quietUntil.get(userId);
    if (quiet !== undefined && quiet > this.d.clock()) return;
    const run = this.check(userId, remainingQuota)
      .catch((e: unknown) => this.log(`quota warning for user ${userId} failed: ${reason(e)}`))
      .finally(() => this.running.delete(userId));
    this.running.set(userId, run);
  }

  /** Resolves when every check and send under way has finished (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  private async check(userId: number, remaining: number): Promise<void> {
    const cached = await this.d.users.get(userId);
    if (!cached) return;
    const threshold = cached.quotaWarningThreshold ?? this.d.options.number('QuotaRemindThreshold');
    if (remaining >= threshold) return;

    const now = this.d.clock();
    const em = this.d.em.fork();
    const [row] = await em.execute<{ email: unknown; setting: unknown; quota_warned_at: unknown }[]>(
      'select email, setting, quota_warned_at from users where id = ? and deleted_at is null',
      [userId],
    );
    if (!row) return;
    const last = Number(row.quota_warned_at ?? 0);
    if (last + QUOTA_WARNING_INTERVAL_SECONDS > now) {
      this.quietUntil.set(userId, last + QUOTA_WARNING_INTERVAL_SECONDS);
      return;
    }
    const settings = notifySettingsOf(typeof row.setting === 'string' ? row.setting : '');
    const target = notifyTarget(settings, typeof row.email === 'string' ? row.email : '', this.d);
    if (!target) {
      this.quietUntil.set(userId, now + QUOTA_WARNING_INTERVAL_SECONDS);
      return;
    }
    // Claim this window; another instance (or an earlier call here) may have sent it already.
    const claim = await em.execute(
      'update users set quota_warned_at = ? where id = ? and quota_warned_at <= ?',
      [now, userId, now - QUOTA_WARNING_INTERVAL_SECONDS],
      'run',
    );
    this.quietUntil.set(userId, now + QUOTA_WARNING_INTERVAL_SECONDS);
    if (!affected(claim)) return;

    const o = this.d.options;
    const warning = quotaWarning(remaining, {
      perUnit: o.number('QuotaPerUnit'), inCurrency: o.bool('DisplayInCurrencyEnabled'), serverAddress: o.get('ServerAddress'),
      lang: settings.language,
    });
    await deliver(target, { subject: warning.title, html: fillHtml(warning), body: webhookBody(warning, now) }, this.d);
  }
}
