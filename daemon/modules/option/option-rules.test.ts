import { describe, expect, it } from 'vitest';
import { optionRegistry, type OptionKey } from '../../contract/options.js';
import { translate } from '../../i18n/translate.js';
import { applyRules, type RuleResult } from './option-rules.js';

/** Current values: the defaults with some keys set. */
const state = (set: Partial<Record<OptionKey, string>> = {}) => (k: OptionKey) => set[k] ?? optionRegistry[k].default;
const en = (r: RuleResult) => (r.ok ? 'ok' : translate('en', r.error, r.params));

describe('applyRules', () => {
  it('a plain save writes just the key', () =>
    expect(applyRules('SystemName', 'Mine', state())).toEqual({ ok: true, writes: [['SystemName', 'Mine']] }));

  it('turning on a sign-in provider needs its client id and secret (reference §9.3)', () => {
    expect(en(applyRules('GitHubOAuthEnabled', 'true', state()))).toBe('Fill in GitHubClientId, GitHubClientSecret before turning on or setting GitHubOAuthEnabled');
    expect(en(applyRules('GitHubOAuthEnabled', 'true', state({ GitHubClientId: 'id' })))).toContain('GitHubClientSecret before');
    expect(applyRules('GitHubOAuthEnabled', 'true', state({ GitHubClientId: 'id', GitHubClientSecret: 's' }))).toMatchObject({ ok: true });
    expect(applyRules('GitHubOAuthEnabled', 'false', state())).toMatchObject({ ok: true });
    for (const [key, needs] of [
      ['LinuxDOOAuthEnabled', 'LinuxDOClientId'], ['WeChatAuthEnabled', 'WeChatServerAddress'], ['TelegramOAuthEnabled', 'TelegramBotToken'],
      ['TurnstileCheckEnabled', 'TurnstileSiteKey'], ['EmailDomainRestrictionEnabled', 'EmailDomainWhitelist'],
    ] as const) {
      const r = applyRules(key, 'true', state({ EmailDomainWhitelist: '' }));
      expect(r, key).toMatchObject({ ok: false, error: 'option.requires' });
      expect(en(r)).toContain(needs);
    }
    expect(applyRules('EmailDomainRestrictionEnabled', 'true', state())).toMatchObject({ ok: true }); // the default list is filled
  });

  it('a field an enabled feature needs cannot be emptied', () => {
    const on = state({ GitHubOAuthEnabled: 'true', GitHubClientId: 'id', GitHubClientSecret: 's' });
    expect(en(applyRules('GitHubClientId', '', on))).toBe('GitHubOAuthEnabled is on or set and needs GitHubClientId: turn off or clear GitHubOAuthEnabled first');
    expect(applyRules('GitHubClientId', 'other', on)).toMatchObject({ ok: true });
    expect(applyRules('GitHubClientId', '', state())).toMatchObject({ ok: true });
    expect(applyRules('EmailDomainWhitelist', '', state({ EmailDomainRestrictionEnabled: 'true' }))).toMatchObject({ ok: false, error: 'option.required_by' });
  });

  it('payment needs the server address first (spec 2 §5)', () => {
    expect(applyRules('PayAddress', 'https://pay.example.com', state({ ServerAddress: '' }))).toMatchObject({ ok: false, error: 'option.requires' });
    expect(applyRules('PayAddress', 'https://pay.example.com', state())).toMatchObject({ ok: true });
    expect(applyRules('ServerAddress', '', state({ PayAddress: 'https://pay.example.com' }))).toMatchObject({ ok: false, error: 'option.required_by' });
  });

  it('self-use mode and demo site exclude each other', () => {
    expect(en(applyRules('DemoSiteEnabled', 'true', state({ SelfUseModeEnabled: 'true' })))).toBe('DemoSiteEnabled and SelfUseModeEnabled cannot both be on');
    expect(applyRules('SelfUseModeEnabled', 'true', state({ DemoSiteEnabled: 'true' }))).toMatchObject({ ok: false, error: 'option.excludes' });
    expect(applyRules('SelfUseModeEnabled', 'true', state())).toMatchObject({ ok: true });
  });

  it('SMTP port 465 forces SSL on (spec 2 §9)', () => {
    expect(applyRules('SMTPPort', '465', state())).toEqual({ ok: true, writes: [['SMTPPort', '465'], ['SMTPSSLEnabled', 'true']] });
    expect(applyRules('SMTPPort', '465', state({ SMTPSSLEnabled: 'true' }))).toEqual({ ok: true, writes: [['SMTPPort', '465']] });
    expect(applyRules('SMTPPort', '587', state())).toEqual({ ok: true, writes: [['SMTPPort', '587']] });
    expect(en(applyRules('SMTPSSLEnabled', 'false', state({ SMTPPort: '465', SMTPSSLEnabled: 'true' })))).toBe('SMTPSSLEnabled must stay on while SMTPPort is 465');
    expect(applyRules('SMTPSSLEnabled', 'false', state({ SMTPPort: '25' }))).toMatchObject({ ok: true });
  });

  it('a fixed price clears the model\'s ratios, a ratio clears its fixed price (spec 2 §4)', () => {
    const s = state({ ModelRatio: '{"a":1,"b":2}', CompletionRatio: '{"a":3}', ModelPrice: '{"p":0.1}' });
    expect(applyRules('ModelPrice', '{"p":0.1,"a":0.05}', s)).toEqual({
      ok: true, writes: [['ModelPrice', '{"p":0.1,"a":0.05}'], ['ModelRatio', '{"b":2}'], ['CompletionRatio', '{}']],
    });
    expect(applyRules('ModelRatio', '{"a":1,"b":2,"p":4}', s)).toEqual({ ok: true, writes: [['ModelRatio', '{"a":1,"b":2,"p":4}'], ['ModelPrice', '{}']] });
    // names only removed from the tables, never untouched names; an unchanged entry clears nothing
    expect(applyRules('ModelRatio', '{"a":1,"b":5}', s)).toEqual({ ok: true, writes: [['ModelRatio', '{"a":1,"b":5}']] });
  });

  it('turning off password sign-in or registration is saved with the lock-out warning (spec 1 §4)', () => {
    expect(applyRules('PasswordLoginEnabled', 'false', state())).toMatchObject({ ok: true, warning: 'option.password_off_warning' });
    expect(applyRules('PasswordRegisterEnabled', 'false', state())).toMatchObject({ ok: true, warning: 'option.password_off_warning' });
    expect(applyRules('PasswordLoginEnabled', 'true', state())).not.toHaveProperty('warning');
    expect(translate('zh', 'option.password_off_warning')).toContain('包括管理员');
  });
});
