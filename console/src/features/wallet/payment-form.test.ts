import { describe, expect, it } from 'vitest';
import { buildPaymentForm } from './payment-form';

describe('payment form', () => {
  it('posts every signed field as a hidden input, values kept verbatim', () => {
    const form = buildPaymentForm({
      url: 'https://pay.example.com/submit.php',
      params: {
        pid: '1001', type: 'alipay', out_trade_no: 'USR7NOabcdef1900000000', notify_url: 'https://gw/api/user/epay/notify',
        return_url: 'https://gw/topup?result=return&trade_no=USR7NOabcdef1900000000', name: 'TUC10', money: '73.00', device: 'pc',
        sign_type: 'MD5', sign: '"><script>x</script>',
      },
    });
    expect(form.method.toUpperCase()).toBe('POST');
    expect(form.action).toBe('https://pay.example.com/submit.php');
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs.every((i) => i.type === 'hidden')).toBe(true);
    const fields = Object.fromEntries(inputs.map((i) => [i.name, i.value]));
    expect(fields.return_url).toBe('https://gw/topup?result=return&trade_no=USR7NOabcdef1900000000');
    expect(fields.sign).toBe('"><script>x</script>');
    expect(form.querySelector('script')).toBeNull();
    expect(inputs).toHaveLength(10);
  });
});
