import { describe, expect, it } from 'vitest';
import { smtpConfigured, smtpSettings, transportOptions } from './mailer.js';

const reader = (values: Record<string, string>) => ({
  get: (k: string) => values[k] ?? '',
  bool: (k: string) => values[k] === 'true',
  number: (k: string) => Number(values[k] ?? 587),
});

describe('SMTP settings', () => {
  it('uses implicit TLS on port 465 whatever the switch says, and when the switch is on', () => {
    const base = { SMTPServer: 'smtp.example.com', SMTPAccount: 'a@example.com', SMTPToken: 'pw' };
    expect(transportOptions(smtpSettings(reader({ ...base, SMTPPort: '465', SMTPSSLEnabled: 'false' }))).secure).toBe(true);
    expect(transportOptions(smtpSettings(reader({ ...base, SMTPPort: '587', SMTPSSLEnabled: 'false' }))).secure).toBe(false);
    expect(transportOptions(smtpSettings(reader({ ...base, SMTPPort: '2465', SMTPSSLEnabled: 'true' }))).secure).toBe(true);
  });

  it('logs in only when an account is set, and has timeouts', () => {
    const withAccount = transportOptions(smtpSettings(reader({ SMTPServer: 'h', SMTPAccount: 'u', SMTPToken: 'p' })));
    expect(withAccount.auth).toEqual({ user: 'u', pass: 'p' });
    expect(withAccount.connectionTimeout).toBeGreaterThan(0);
    expect(transportOptions(smtpSettings(reader({ SMTPServer: 'h' }))).auth).toBeUndefined();
  });

  it('sends from SMTPFrom, else from the account; configured needs a server and a sender', () => {
    expect(smtpSettings(reader({ SMTPFrom: ' from@x.com ', SMTPAccount: 'acct@x.com' })).from).toBe('from@x.com');
    expect(smtpSettings(reader({ SMTPAccount: 'acct@x.com' })).from).toBe('acct@x.com');
    expect(smtpConfigured(smtpSettings(reader({ SMTPServer: 'h', SMTPAccount: 'acct@x.com' })))).toBe(true);
    expect(smtpConfigured(smtpSettings(reader({ SMTPServer: 'h' })))).toBe(false);
    expect(smtpConfigured(smtpSettings(reader({ SMTPFrom: 'f@x.com' })))).toBe(false);
  });
});
