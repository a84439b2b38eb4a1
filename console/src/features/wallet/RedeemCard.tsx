// The redeem box of the wallet page (spec 3 "Wallet / top-up": redeem a code): a code field and a Redeem button
// calling POST /api/user/topup. The server's refusals (invalid, used, too many attempts) come as the client's error
// toast; success shows the credited amount and tells the page to refresh the balance.
import { useState } from 'react';
import { Button, Card, Input, Space } from '@arco-design/web-react';
import { IconGift } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { RedeemRequest } from '@contract/redemption';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from '../setting/format-quota';

interface Props {
  /** Called after a successful redemption with the quota credited (e.g. to reload the balance). */
  onRedeemed?: (quota: number) => void;
}

export function RedeemCard({ onRedeemed }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const { status } = useStatus();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);

  const redeem = async () => {
    const code = key.trim();
    if (!code) return notify.error(t('redeem.required'));
    if (busy) return;
    setBusy(true);
    try {
      const body: RedeemRequest = { key: code };
      const quota = await api.post<number>('/api/user/topup', body);
      notify.success(t('redeem.success', { amount: formatQuota(Number(quota) || 0, status) }));
      setKey('');
      onRedeemed?.(Number(quota) || 0);
    } catch {
      // the client showed the server's reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('redeem.title')} data-testid="redeem-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input
          allowClear
          value={key}
          onChange={setKey}
          onPressEnter={() => void redeem()}
          placeholder={t('redeem.placeholder')}
          aria-label={t('redeem.placeholder')}
          maxLength={64}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        />
        <Button type="primary" long icon={<IconGift />} loading={busy} onClick={() => void redeem()}>
          {t('redeem.submit')}
        </Button>
      </Space>
    </Card>
  );
}
