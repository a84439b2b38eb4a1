import { describe, expect, it } from 'vitest';
import { applyNotifySettings, notifySettingsOf, notifyView, publicSetting, webhookUrlProblem } from './notify-setting.js';

const opts = { allowPrivateWebhook: false, language: 'zh' as const };

describe('quota warning settings in users.setting', () => {
  it('reads defaults from an empty or broken setting', () => {
    for (const raw of ['', 'not json', '[1,2]', 'null'])
      expect(notifySettingsOf(raw)).toEqual({ notifyType: 'email', threshold: null, webhookUrl: '', webhookSecret: '', notificationEmail: '', language: 'zh' });
  });

  it('keeps keys it does not own and writes the language the settings were saved in', () => {
    const r = applyNotifySettings('{"accept_unset_model_ratio_model":true}', { notify_type: 'email', quota_warning_threshold: 0 }, { ...opts, language: 'en' });
    expect(r.ok && JSON.parse(r.value)).toEqual({ accept_unset_model_ratio_model: true, notify_type: 'email', quota_warning_threshold: 0, language: 'en', notification_email: '' });
    expect(r.ok && notifySettingsOf(r.value)).toMatchObject({ threshold: 0, language: 'en' });
  });

  it('never shows the secret to its owner', () => {
    const raw = JSON.stringify({ webhook_secret: 'abc', webhook_url: 'https://x.example' });
    expect(JSON.parse(publicSetting(raw))).toEqual({ webhook_url: 'https://x.example', webhook_secret: '', webhook_secret_set: true });
    expect(notifyView(raw)).toMatchObject({ webhook_secret: '', webhook_secret_set: true });
    expect(publicSetting('')).toBe('');
    expect(publicSetting('{"a":1}')).toBe('{"a":1}');
  });

  it.each([
    ['https://hooks.example.com/x', false, null],
    ['http://hooks.example.com/x', false, 'self.webhook_https'],
    ['ftp://hooks.example.com/x', false, 'self.webhook_https'],
    ['https://10.1.2.3/x', false, 'self.webhook_blocked'],
    ['https://100.64.0.1/x', false, 'self.webhook_blocked'],
    ['https://[::1]/x', false, 'self.webhook_blocked'],
    ['https://[::ffff:192.168.0.1]/x', false, 'self.webhook_blocked'],
    ['https://2130706433/x', false, 'self.webhook_blocked'], // 127.0.0.1 as one number
    ['https://api.localhost/x', false, 'self.webhook_blocked'],
    ['https://metadata.google.internal/x', false, 'self.webhook_blocked'],
    ['http://127.0.0.1:8080/hook', true, null],
    ['http://169.254.169.254/x', true, 'self.webhook_blocked'],
    ['', false, 'self.webhook_required'],
    [`https://x.example/${'a'.repeat(1100)}`, false, 'self.webhook_too_long'],
  ])('webhook %s (allow private: %s) → %s', (url, allow, problem) => {
    expect(webhookUrlProblem(url, allow)).toBe(problem);
  });
});
