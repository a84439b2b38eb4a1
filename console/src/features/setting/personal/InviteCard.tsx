// The invite card (spec 1 "Personal settings"): the link that credits this user, the invite counters, and the
// transfer of invite earnings into the usable balance.
import { useEffect, useState } from 'react';
import { Button, Card, Input, Space, Statistic } from '@arco-design/web-react';
import { useHref } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../api/NotifyProvider';
import { useStatus } from '../../status/StatusProvider';
import { formatQuota } from '../format-quota';
import { copyText } from '../../token/token-display';
import { AffTransferModal } from './AffTransferModal';
import { affLink } from './invite';
import { useSelfUser } from './self-user';

export function InviteCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  const { self, api, reload } = useSelfUser();
  const registerHref = useHref('/register');
  const [code, setCode] = useState('');
  const [transferring, setTransferring] = useState(false);

  useEffect(() => {
    let alive = true;
    api.affCode().then((c) => alive && setCode(c), () => undefined);
    return () => {
      alive = false;
    };
  }, [api]);

  const link = code ? affLink(window.location.origin, registerHref, code) : '';
  const copy = async () => {
    if (await copyText(link)) notify.success(t('personal.copied'));
    else notify.warning(t('personal.copyManually'));
  };

  return (
    <Card title={t('personal.invite.title')} data-testid="invite-card">
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Space wrap size="large">
          <Statistic title={t('personal.invite.pending')} value={formatQuota(self?.aff_quota ?? 0, status)} groupSeparator />
          <Statistic title={t('personal.invite.history')} value={formatQuota(self?.aff_history_quota ?? 0, status)} groupSeparator />
          <Statistic title={t('personal.invite.count')} value={self?.aff_count ?? 0} />
        </Space>
        <Input
          readOnly
          value={link}
          placeholder={t('personal.invite.loading')}
          aria-label={t('personal.invite.link')}
          addBefore={t('personal.invite.link')}
          addAfter={<Button type="text" size="mini" disabled={!link} onClick={() => void copy()}>{t('personal.copy')}</Button>}
        />
        <Space>
          <Button type="primary" disabled={!self || self.aff_quota <= 0} onClick={() => setTransferring(true)} data-testid="aff-transfer-open">
            {t('personal.invite.transfer')}
          </Button>
        </Space>
      </Space>
      <AffTransferModal
        visible={transferring}
        affQuota={self?.aff_quota ?? 0}
        onClose={() => setTransferring(false)}
        onDone={() => {
          setTransferring(false);
          reload();
        }}
      />
    </Card>
  );
}
