// Online top-up (spec 3 "Wallet / top-up"): dollar presets (1 to 5000 plus 9999) or a custom amount, Alipay or
// WeChat Pay, the money to pay quoted by the server (debounced), and Pay: POST /api/user/pay, then the signed
// hidden form takes the browser to the payment page. With online top-up off, the spec's message replaces Pay.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, InputNumber, Radio, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TOPUP_AMOUNT_MAX, TOPUP_PRESETS, type PaymentMethod } from '@contract/topup';
import type { PublicStatus } from '@contract/status';
import { useNotify } from '../../api/NotifyProvider';
import { useDebounced } from '../../hooks/use-debounced';
import type { WalletApi } from './wallet.api';
import { submitPaymentForm } from './payment-form';

/** Quiet time before the amount is quoted. */
export const QUOTE_DEBOUNCE_MS = 300;

type Quote = { amount: number; money?: string; error?: string };

interface Props {
  api: WalletApi;
  status: PublicStatus | null;
  /** Where the browser goes with the signed form (tests replace it). */
  submit?: typeof submitPaymentForm;
}

export function OnlineTopUpCard({ api, status, submit = submitPaymentForm }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const min = Math.max(1, status?.min_topup ?? 1);
  const [preset, setPreset] = useState<number | null>(() => TOPUP_PRESETS.find((p) => p >= min) ?? null);
  const [custom, setCustom] = useState<number | undefined>(undefined);
  const [method, setMethod] = useState<PaymentMethod>('zfb');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [paying, setPaying] = useState(false);
  const amount = custom ?? preset ?? 0;
  const settled = useDebounced(amount, QUOTE_DEBOUNCE_MS);
  const enabled = status?.enable_online_topup ?? false;

  useEffect(() => {
    if (!settled) return setQuote(null);
    let alive = true;
    api.quote({ amount: settled, top_up_code: '' }).then(
      (money) => alive && setQuote({ amount: settled, money }),
      (e: Error) => alive && setQuote({ amount: settled, error: e.message }),
    );
    return () => {
      alive = false;
    };
  }, [api, settled]);

  const pay = async () => {
    if (!amount) return notify.error(t('wallet.online.chooseAmount'));
    setPaying(true);
    try {
      const payment = await api.pay({ amount, payment_method: method, top_up_code: '' });
      notify.info(t('wallet.online.redirecting'));
      submit(payment);
    } catch {
      setPaying(false); // the client showed the server's reason
    }
  };

  const current = quote && quote.amount === amount ? quote : null;
  return (
    <Card title={t('wallet.online.title')} data-testid="online-topup">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <div>
          <Typography.Text bold>{t('wallet.online.amount')}</Typography.Text>
          <div role="group" aria-label={t('wallet.online.amount')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
            {TOPUP_PRESETS.map((p) => (
              <Button
                key={p}
                type={custom === undefined && preset === p ? 'primary' : 'secondary'}
                disabled={p < min}
                aria-pressed={custom === undefined && preset === p}
                onClick={() => {
                  setPreset(p);
                  setCustom(undefined);
                }}
                style={{ minWidth: 72 }}
              >
                ${p}
              </Button>
            ))}
          </div>
          <InputNumber
            style={{ marginTop: 8, width: '100%', maxWidth: 320 }}
            min={1}
            max={TOPUP_AMOUNT_MAX}
            precision={0}
            prefix="$"
            value={custom}
            placeholder={t('wallet.online.customPlaceholder')}
            aria-label={t('wallet.online.custom')}
            onChange={(v) => setCustom(typeof v === 'number' && v > 0 ? v : undefined)}
          />
        </div>
        <div>
          <Typography.Text bold>{t('wallet.online.method')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group type="button" value={method} onChange={(v: PaymentMethod) => setMethod(v)}>
              <Radio value="zfb">{t('wallet.online.zfb')}</Radio>
              <Radio value="wx">{t('wallet.online.wx')}</Radio>
            </Radio.Group>
          </div>
        </div>
        <div data-testid="topup-money" aria-live="polite">
          <Typography.Text>{t('wallet.online.toPay')}: </Typography.Text>
          {current?.money !== undefined && <Typography.Text bold style={{ fontSize: 20, color: 'rgb(var(--danger-6))' }}>{current.money}</Typography.Text>}
          {current?.error && <Typography.Text type="error">{current.error}</Typography.Text>}
          {!current && amount > 0 && <Typography.Text type="secondary">{t('wallet.online.quoting')}</Typography.Text>}
        </div>
        {enabled ? (
          <Button type="primary" long size="large" loading={paying} disabled={!amount || Boolean(current?.error)} onClick={() => void pay()}>
            {t('wallet.online.pay')}
          </Button>
        ) : (
          <Alert type="warning" content={t('wallet.online.off')} data-testid="online-off" />
        )}
      </Space>
    </Card>
  );
}
