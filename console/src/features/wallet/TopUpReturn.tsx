// Where the payment provider sends the browser back (/topup?result=return&trade_no=…): polls the order a few
// times until the callback has marked it (success, expired, …) and shows the result.
import { useEffect, useState } from 'react';
import { Button, Card, Result, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TopUpOrderStatus, type TopUpOrderView } from '@contract/topup';
import type { PublicStatus } from '@contract/status';
import { DEFAULT_QUOTA_PER_UNIT } from '@contract/roles';
import { formatQuota } from '../setting/format-quota';
import type { WalletApi } from './wallet.api';

export const RETURN_POLL = { tries: 5, intervalMs: 1500 };

type State = { phase: 'checking' } | { phase: 'done'; order: TopUpOrderView | null };

interface Props {
  tradeNo: string;
  api: WalletApi;
  status: PublicStatus | null;
  /** Called once the order is seen paid (reload the balance). */
  onPaid(): void;
  onBack(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function TopUpReturn({ tradeNo, api, status, onPaid, onBack }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: 'checking' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ phase: 'checking' });
    void (async () => {
      let order: TopUpOrderView | null = null;
      for (let i = 0; i < RETURN_POLL.tries && alive; i++) {
        if (i > 0) await sleep(RETURN_POLL.intervalMs);
        try {
          order = await api.order(tradeNo);
        } catch {
          order = null;
          break;
        }
        if (order.status !== TopUpOrderStatus.pending) break;
      }
      if (!alive) return;
      setState({ phase: 'done', order });
      if (order?.status === TopUpOrderStatus.success) onPaid();
    })();
    return () => {
      alive = false;
    };
    // onPaid is the page's stable reload
  }, [api, tradeNo, round]);

  if (state.phase === 'checking') {
    return (
      <Card className="gc-gap" data-testid="topup-return">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Spin />
          <span>{t('wallet.result.checking')}</span>
        </div>
      </Card>
    );
  }
  const { order } = state;
  const perUnit = status?.quota_per_unit || DEFAULT_QUOTA_PER_UNIT;
  const view = (() => {
    switch (order?.status) {
      case undefined:
        return { kind: 'error' as const, title: t('wallet.result.notFound'), detail: tradeNo };
      case TopUpOrderStatus.success:
        return { kind: 'success' as const, title: t('wallet.result.success'), detail: t('wallet.result.successDetail', { amount: formatQuota(order.amount * perUnit, status) }) };
      case TopUpOrderStatus.pending:
        return { kind: 'info' as const, title: t('wallet.result.pending'), detail: t('wallet.result.pendingDetail', { tradeNo }) };
      case TopUpOrderStatus.expired:
        return { kind: 'warning' as const, title: t('wallet.result.expired'), detail: t('wallet.result.expiredDetail', { tradeNo }) };
      case TopUpOrderStatus.manual:
        return { kind: 'warning' as const, title: t('wallet.result.manual'), detail: t('wallet.result.manualDetail', { tradeNo }) };
      default:
        return { kind: 'error' as const, title: t('wallet.result.fail'), detail: t('wallet.result.failDetail', { tradeNo }) };
    }
  })();
  return (
    <Card className="gc-gap" data-testid="topup-return">
      <Result
        status={view.kind}
        title={view.title}
        subTitle={<span style={{ wordBreak: 'break-all' }}>{view.detail}</span>}
        extra={[
          order?.status === TopUpOrderStatus.pending && (
            <Button key="again" onClick={() => setRound((r) => r + 1)} style={{ margin: 4 }}>{t('wallet.result.checkAgain')}</Button>
          ),
          <Button key="back" type="primary" onClick={onBack} style={{ margin: 4 }}>{t('wallet.result.back')}</Button>,
        ].filter(Boolean)}
      />
    </Card>
  );
}
