import { describe, expect, it } from 'vitest';
import { fillHtml, quotaWarning, webhookBody } from './quota-warning.js';

describe('quota warning text', () => {
  it('fills the placeholders in order, in the saved language, with the top-up link', () => {
    const w = quotaWarning(123_456, { perUnit: 500_000, inCurrency: true, serverAddress: 'https://gw.example.com/', lang: 'en' });
    expect(w.title).toBe('Your quota is running low');
    expect(w.values).toEqual(['Your quota is running low', '$0.25', 'https://gw.example.com/topup', 'https://gw.example.com/topup']);
    expect(w.content.match(/\{\{value\}\}/g)).toHaveLength(4);
    expect(fillHtml(w)).toBe(
      "Your quota is running low: your remaining quota is $0.25. Please top up so your service is not interrupted.<br/>Top-up link: <a href='https://gw.example.com/topup'>https://gw.example.com/topup</a>",
    );
    expect(webhookBody(w, 42)).toEqual({ type: 'quota_exceed', title: w.title, content: w.content, values: w.values, timestamp: 42 });
  });

  it('shows points when the site does not show currency, and escapes values in HTML', () => {
    const w = quotaWarning(900, { perUnit: 500_000, inCurrency: false, serverAddress: "https://x.example/'><script>", lang: 'zh' });
    expect(w.values[1]).toBe('900 点额度');
    expect(fillHtml(w)).not.toContain('<script>');
    expect(fillHtml(w)).toContain('&#39;&gt;&lt;script&gt;/topup');
  });
});
