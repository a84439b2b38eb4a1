// /topup, the wallet (spec 3 "Wallet / top-up"): the balance, redeeming a code, buying codes through the top-up
// link, and online top-up; after paying, the provider sends the browser back here with ?result=return&trade_no=.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Grid, Space, Statistic } from '@arco-design/web-react';
import { IconLaunch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SelfUser } from '@contract/user';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';
import { RedeemCard } from './RedeemCard';
import { OnlineTopUpCard } from './OnlineTopUpCard';
import { TopUpReturn } from './TopUpReturn';
import { walletApi } from './wallet.api';

export function TopUpPage() {
  const { t } = useTranslation();
  const client = useApi();
  const api = useMemo(() => walletApi(client), [client]);
  const { status } = useStatus();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnedTrade = params.get('result') === 'return' ? params.get('trade_no') ?? '' : '';
  const [self, setSelf] = useState<SelfUser | null | undefined>(undefined);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let alive = true;
    api.self().then(
      (u) => alive && setSelf(u),
      () => alive && setSelf(null),
    );
    return () => {
      alive = false;
    };
  }, [api, version]);

  const link = status?.top_up_link ?? '';
  return (
    <div>
      {returnedTrade && (
        <TopUpReturn tradeNo={returnedTrade} api={api} status={status} onPaid={reload} onBack={() => navigate('/topup', { replace: true })} />
      )}
      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} lg={12}>
          <Space direction="vertical" size="medium" style={{ width: '100%' }}>
            <Card title={t('wallet.title')}>
              <Statistic
                title={t('wallet.balance')}
                value={self ? formatQuota(self.quota, status) : self === null ? t('wallet.balanceUnavailable') : '-'}
                styleValue={{ wordBreak: 'break-all' }}
                data-testid="wallet-balance"
              />
              {/* Codes are sold outside the site, through the top-up link (spec 3 §8: say so when none is set). */}
              <div style={{ marginTop: 16 }}>
                {link ? (
                  <Button type="outline" icon={<IconLaunch />} href={link} target="_blank" rel="noopener noreferrer">
                    {t('wallet.buyCodes')}
                  </Button>
                ) : (
                  <Button type="outline" icon={<IconLaunch />} onClick={() => notify.error(t('wallet.noTopUpLink'))} data-testid="buy-codes-unset">
                    {t('wallet.buyCodes')}
                  </Button>
                )}
              </div>
            </Card>
            <RedeemCard onRedeemed={reload} />
          </Space>
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <OnlineTopUpCard api={api} status={status} />
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
