// Sends e-mail through the SMTP server named in the options (reference §7.6). The transport is built for each
// message from the current options, so a change in the settings applies to the next e-mail without a restart.
// nodemailer is loaded on the first send: most gateways never mail, and its code would sit in every process's heap.
import type { OptionKey } from '../contract/options.js';
import { ServiceError } from './errors.js';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
}

export interface Mailer {
  /** True when a server and a sender address are set. */
  configured(): boolean;
  /** Sends one message; throws ServiceError 'mail.not_configured' or 'mail.send_failed'. */
  send(msg: MailMessage): Promise<void>;
}

interface OptionReader {
  get(key: OptionKey): string;
  bool(key: OptionKey): boolean;
  number(key: OptionKey): number;
}

export interface SmtpSettings {
  host: string;
  port: number;
  account: string;
  token: string;
  from: string;
  ssl: boolean;
  systemName: string;
}

export const smtpSettings = (o: OptionReader): SmtpSettings => ({
  host: o.get('SMTPServer').trim(),
  port: o.number('SMTPPort'),
  account: o.get('SMTPAccount').trim(),
  token: o.get('SMTPToken'),
  // new-api sends from the account when no separate sender is set.
  from: (o.get('SMTPFrom').trim() || o.get('SMTPAccount').trim()),
  ssl: o.bool('SMTPSSLEnabled'),
  systemName: o.get('SystemName'),
});

/** Timeouts keep a dead or slow server from holding a request (and its caller) for minutes. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** nodemailer's SMTP options. Port 465 is implicit TLS whatever the switch says; otherwise STARTTLS when offered. */
export function transportOptions(s: SmtpSettings) {
  return {
    host: s.host,
    port: s.port,
    secure: s.ssl || s.port === 465,
    auth: s.account ? { user: s.account, pass: s.token } : undefined,
    ...SMTP_TIMEOUTS,
  };
}

export const smtpConfigured = (s: SmtpSettings): boolean => s.host !== '' && s.from !== '';

export class SmtpMailer implements Mailer {
  constructor(
    private readonly options: OptionReader,
    /** Where the cause of a failed send goes; people get a generic message. */
    private readonly logError: (message: string, err: unknown) => void = (m, e) => console.error(m, e),
  ) {}

  configured(): boolean {
    return smtpConfigured(smtpSettings(this.options));
  }

  async send(msg: MailMessage): Promise<void> {
    const s = smtpSettings(this.options);
    if (!smtpConfigured(s)) throw new ServiceError('mail.not_configured');
    const { createTransport } = await import('nodemailer');
    const transport = createTransport(transportOptions(s));
    try {
      await transport.sendMail({
        from: { name: s.systemName, address: s.from },
        to: msg.to,
        subject: msg.subject,
        html: msg.html,
      });
    } catch (e) {
      this.logError(`sending e-mail through ${s.host}:${s.port} failed:`, e);
      throw new ServiceError('mail.send_failed');
    } finally {
      transport.close();
    }
  }
}
