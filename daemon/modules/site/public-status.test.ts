import { describe, expect, it } from 'vitest';
import { optionKeys, optionRegistry, type OptionKey } from '../../contract/options.js';
import { buildPublicStatus, type StatusInputs } from './public-status.js';

const meta = { version: 'v', startTime: 1, setup: true, footerHtml: '<p>f</p>', authorizeUrls: { github: 'https://gh', linuxdo: 'https://ld' } };

/** Options with every key set to a recognisable value; reading a secret's value throws. */
function inputs(values: Partial<Record<OptionKey, string>>): StatusInputs & { read: Set<OptionKey> } {
  const read = new Set<OptionKey>();
  const get = (k: OptionKey) => {
    if (optionRegistry[k].secret) throw new Error(`status read the secret ${k}`);
    read.add(k);
    return values[k] ?? optionRegistry[k].default;
  };
  return {
    read,
    get,
    bool: (k) => get(k) === 'true',
    number: (k) => Number(get(k)),
    isSet: (k) => (values[k] ?? optionRegistry[k].default) !== '',
  };
}

// spec 1 §3 "Public status", field by field (SEO and menu flags named as the console reads them).
const SPEC_FIELDS = `system_name logo footer_html customer_qr price quota_per_unit display_in_currency amounts enable_drawing enable_task
enable_data_export data_export_default_time default_collapse_sidebar mj_notify_enabled log_fold_enabled chat_link chat_link2 title_seo
description_seo keywords_seo h1_seo group_ration group_ration_zh work_info_enabled apply_join_enabled orders_invoice_enabled
agent_info_enabled help_info_enabled email_verification turnstile_check turnstile_site_key github_oauth github_client_id linuxdo_oauth
linuxdo_client_id wechat_login wechat_qrcode telegram_oauth telegram_bot_name`.split(/\s+/);

describe('buildPublicStatus', () => {
  it('has every field of spec 1 §3, read from the options', () => {
    const values: Partial<Record<OptionKey, string>> = {
      SystemName: 'My Gateway', TitleSeo: 'T', DescriptSeo: 'D', Keywords: 'K', H1Seo: 'H', GroupRatioZh: '{"vip":"贵宾"}', WorkInfoEnabled: 'true',
      ChatLink: 'https://chat', TurnstileSiteKey: 'site-key', GitHubClientId: 'gh-id', MinTopUp: '5', Amounts: '[10,20]',
    };
    const s = buildPublicStatus(inputs(values), meta) as unknown as Record<string, unknown>;
    expect(SPEC_FIELDS.filter((f) => !(f in s))).toEqual([]);
    expect(s).toMatchObject({
      system_name: 'My Gateway', title_seo: 'T', description_seo: 'D', keywords_seo: 'K', h1_seo: 'H', group_ration_zh: '{"vip":"贵宾"}',
      work_info_enabled: true, chat_link: 'https://chat', turnstile_site_key: 'site-key', github_client_id: 'gh-id', min_topup: 5,
      amounts: '[10,20]', price: 7.3, quota_per_unit: 500000, footer_html: '<p>f</p>', group_ration: '{"default":1,"vip":1,"svip":1}',
    });
  });

  it('never holds a secret: secret values are never read, and none appears in the answer', () => {
    const values = Object.fromEntries(optionKeys.filter((k) => optionRegistry[k].secret).map((k) => [k, `SECRET-${k}`])) as Partial<Record<OptionKey, string>>;
    const o = inputs({ ...values, PayAddress: 'https://pay', EpayId: '1' });
    const s = buildPublicStatus(o, meta);
    expect(JSON.stringify(s)).not.toContain('SECRET-');
    expect(s.enable_online_topup).toBe(true); // EpayKey's presence, not its value
    expect(buildPublicStatus(inputs({ PayAddress: 'https://pay', EpayId: '1' }), meta).enable_online_topup).toBe(false);
  });
});
