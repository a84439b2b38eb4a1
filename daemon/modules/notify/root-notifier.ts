// Tells the super admin (the first role-100 user, new-api's user 1) when a channel was disabled or enabled
// automatically (reference §3.7), by the channel they chose in their notification settings, in their language.
// Fire and forget: a failure is logged and never affects the channel change or the call that caused it.
import type { EntityManager } from '@mikro-orm/knex';
import type { Clock } from '../../app/clock.js';
import { translate } from '../../i18n/translate.js';
import { notifySettingsOf } from '../self/notify-setting.js';
import { deliver, notifyTarget, type DeliveryOptions } from './notify-delivery.js';

/** Webhook `type` of a channel notice (new-api's name). */
export const CHANNEL_UPDATE_TYPE = 'channel_update';

export interface ChannelChange {
  id: number;
  name: string;
  /** 'disabled' carries the reason stored on the channel. */
  change: 'disabled' | 'enabled';
  reason?: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export class RootNotifier {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly d: DeliveryOptions & { em: EntityManager; clock: Clock; log?: (m: string) => void }) {}

  channelChanged(c: ChannelChange): void {
    const run = this.send(c)
      .catch((e: unknown) => (this.d.log ?? console.error)(`notifying the admin of channel #${c.id} failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves when every notice under way has been sent or has failed (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private async send(c: ChannelChange): Promise<void> {
    const [root] = await this.d.em.fork().execute<{ email: unknown; setting: unknown }[]>(
      'select email, setting from users where role >= 100 and deleted_at is null order by id limit 1',
    );
    if (!root) return;
    const settings = notifySettingsOf(typeof root.setting === 'string' ? root.setting : '');
    const target = notifyTarget(settings, typeof root.email === 'string' ? root.email : '', this.d);
    if (!target) return;
    const lang = settings.language;
    const title = translate(lang, 'notify.channel_title');
    const content = c.change === 'disabled'
      ? translate(lang, 'notify.channel_disabled', { name: c.name, id: c.id, reason: c.reason ?? '' })
      : translate(lang, 'notify.channel_enabled', { name: c.name, id: c.id });
    await deliver(target, {
      subject: title,
      html: `<p>${escapeHtml(content)}</p>`,
      body: { type: CHANNEL_UPDATE_TYPE, title, content, values: [], timestamp: this.d.clock() },
    }, this.d);
  }
}
