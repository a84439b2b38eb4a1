import { describe, expect, it } from 'vitest';
import { checkApplication, isReviewStatus } from './invoice-rules.js';

const good = { customer_name: ' ACME Ltd ', customer_tax_id: ' 91310000X ', email: ' a@b.cn ', total_amount: '1000.10', types: '', remark: ' hi ' };

describe('checkApplication', () => {
  it('normalises a good request: trimmed fields, exact micros, dzpp by default', () => {
    expect(checkApplication(good)).toEqual({
      ok: true,
      value: { customer_name: 'ACME Ltd', customer_tax_id: '91310000X', email: 'a@b.cn', total_amount_micros: 1_000_100_000, types: 'dzpp', remark: 'hi' },
    });
    expect(checkApplication({ ...good, total_amount: 1000, types: 'dzzzszp', remark: undefined })).toMatchObject({
      ok: true, value: { total_amount_micros: 1_000_000_000, types: 'dzzzszp', remark: '' },
    });
  });

  it('asks for title, tax id and e-mail in that order', () => {
    expect(checkApplication({ ...good, customer_name: ' ', customer_tax_id: '', email: '' })).toEqual({ ok: false, error: 'invoice.title_required' });
    expect(checkApplication({ ...good, customer_tax_id: '', email: '' })).toEqual({ ok: false, error: 'invoice.tax_id_required' });
    expect(checkApplication({ ...good, email: '  ' })).toEqual({ ok: false, error: 'invoice.email_required' });
  });

  it.each(['plain', 'a@b', 'a b@c.d', '@b.cn', 'a@@b.cn'])('refuses the e-mail %j', (email) => {
    expect(checkApplication({ ...good, email })).toEqual({ ok: false, error: 'invoice.email_invalid' });
  });

  it('refuses amounts that are not exact cents, and amounts under 1000', () => {
    expect(checkApplication({ ...good, total_amount: '1000.001' })).toEqual({ ok: false, error: 'invoice.amount_invalid' });
    expect(checkApplication({ ...good, total_amount: '' })).toEqual({ ok: false, error: 'invoice.amount_invalid' });
    expect(checkApplication({ ...good, total_amount: -1000 })).toEqual({ ok: false, error: 'invoice.amount_invalid' });
    expect(checkApplication({ ...good, total_amount: '999.99' })).toEqual({ ok: false, error: 'invoice.amount_below_min', params: { min: 1000 } });
    expect(checkApplication({ ...good, total_amount: 0 })).toMatchObject({ ok: false, error: 'invoice.amount_below_min' });
  });

  it('refuses unknown invoice types', () => {
    expect(checkApplication({ ...good, types: 'paper' })).toEqual({ ok: false, error: 'invoice.type_invalid' });
  });
});

describe('isReviewStatus', () => {
  it('allows done, rejected and failed only', () => {
    expect(['1', '2', '3'].every(isReviewStatus)).toBe(true);
    expect(['0', '4', '', 'done'].some(isReviewStatus)).toBe(false);
  });
});
