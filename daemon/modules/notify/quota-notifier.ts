// Quota warnings after relay calls (reference §4.8, spec 1 §9). The relay calls `afterCharge` once a call is
// settled; it returns at once and nothing it starts can block or fail the call. A user above their threshold
// costs no database round trip: the threshold comes from the relay's user cache and the remaining quota from the
// wallet. Below it, one warning per user per two hours, on every instance together: the send is claimed with a
// conditional update of users.quota_warned_at, so only one process wins a window. Failures are logged, not retried
// (the next window tries again), as new-api does.
import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/knex';
import { QUOTA_WARNING_INTERVAL_SECONDS } from '../../contract/self.js';
import type { Clock } from '../../app/clock.js';
import type { CacheEpochs } from '../../app/cache/epochs.js';
import type { UserCache } from '../../app/cache/user-cache.js';
import { outboundRequest } from '../../app/outbound.js';
import type { OptionStore } from '../option/option.store.js';
import { notifySettingsOf, webhookUrlProblem, type NotifySettings } from '../self/notify-setting.js';
import { fillHtml, quotaWarning, webhookBody, type QuotaWarning } from './quota-warning.js';

export interface WarningMailer {
  send(msg: { to: string; subject: string; html: string }): Promise<void>;
  configured?(): boolean;
}

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

type Target = { kind: 'email'; to: string } | { kind: 'webhook'; url: string; secret: string };

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
    const target = this.targetOf(settings, typeof row.email === 'string' ? row.email : '');
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
    if (target.kind === 'email') await this.d.mailer.send({ to: target.to, subject: warning.title, html: fillHtml(warning) });
    else await this.postWebhook(target, warning, now);
  }

  /** Where this user's warning goes, or null when nowhere (no address, no SMTP, a URL no longer allowed). */
  private targetOf(s: NotifySettings, accountEmail: string): Target | null {
    if (s.notifyType === 'webhook') {
      if (!s.webhookUrl || webhookUrlProblem(s.webhookUrl, this.d.allowPrivateWebhook)) return null;
      return { kind: 'webhook', url: s.webhookUrl, secret: s.webhookSecret };
    }
    const to = s.notificationEmail || accountEmail;
    if (!to || this.d.mailer.configured?.() === false) return null;
    return { kind: 'email', to };
  }

  private async postWebhook(target: Extract<Target, { kind: 'webhook' }>, warning: QuotaWarning, now: number): Promise<void> {
    const body = JSON.stringify(webhookBody(warning, now));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (target.secret) {
      headers.authorization = `Bearer ${target.secret}`;
      headers['x-webhook-signature'] = createHmac('sha256', target.secret).update(body).digest('hex');
    }
    const res = await outboundRequest(target.url, {
      method: 'POST', headers, body, timeoutMs: this.d.webhookTimeoutMs ?? 5000, maxBytes: 64 * 1024,
      publicOnly: !this.d.allowPrivateWebhook,
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`the webhook answered HTTP ${res.status}`);
  }
}
