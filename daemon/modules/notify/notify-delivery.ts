// Delivering one notification to a user by the channel they chose (spec 1 §9): e-mail to their notification
// address (else their account address), or an https webhook POST with the body of spec 1 §9, `Authorization:
// Bearer <secret>` and an HMAC signature when a secret is set. Shared by quota warnings and admin notices.
import { createHmac } from 'node:crypto';
import type { NotifyWebhookBody } from '../../contract/self.js';
import { outboundRequest } from '../../app/outbound.js';
import { webhookUrlProblem, type NotifySettings } from '../self/notify-setting.js';

export interface NotifyMailer {
  send(msg: { to: string; subject: string; html: string }): Promise<void>;
  configured?(): boolean;
}

export type NotifyTarget = { kind: 'email'; to: string } | { kind: 'webhook'; url: string; secret: string };

export interface DeliveryOptions {
  mailer: NotifyMailer;
  /** config notify.webhook_allow_private */
  allowPrivateWebhook: boolean;
  webhookTimeoutMs?: number;
}

/** Where a user's notifications go, or null when nowhere (no address, no SMTP, a URL no longer allowed). */
export function notifyTarget(s: NotifySettings, accountEmail: string, o: DeliveryOptions): NotifyTarget | null {
  if (s.notifyType === 'webhook') {
    if (!s.webhookUrl || webhookUrlProblem(s.webhookUrl, o.allowPrivateWebhook)) return null;
    return { kind: 'webhook', url: s.webhookUrl, secret: s.webhookSecret };
  }
  const to = s.notificationEmail || accountEmail;
  if (!to || o.mailer.configured?.() === false) return null;
  return { kind: 'email', to };
}

/** Sends; throws on failure (the caller logs it). `html` is the e-mail body; the webhook gets `body` as JSON. */
export async function deliver(target: NotifyTarget, msg: { subject: string; html: string; body: NotifyWebhookBody }, o: DeliveryOptions): Promise<void> {
  if (target.kind === 'email') return o.mailer.send({ to: target.to, subject: msg.subject, html: msg.html });
  const body = JSON.stringify(msg.body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.secret) {
    headers.authorization = `Bearer ${target.secret}`;
    headers['x-webhook-signature'] = createHmac('sha256', target.secret).update(body).digest('hex');
  }
  const res = await outboundRequest(target.url, {
    method: 'POST', headers, body, timeoutMs: o.webhookTimeoutMs ?? 5000, maxBytes: 64 * 1024, publicOnly: !o.allowPrivateWebhook,
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`the webhook answered HTTP ${res.status}`);
}
