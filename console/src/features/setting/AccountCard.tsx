// The personal account card from GET /api/user/self.
import { useEffect, useState } from 'react';
import { Card, Descriptions, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { roleName } from '@contract/roles';
import type { SelfUser } from '@contract/user';
import { useApi } from '../../api/ApiProvider';
import { useStatus } from '../status/StatusProvider';
import { formatQuota } from './format-quota';

export function AccountCard() {
  const { t } = useTranslation();
  const api = useApi();
  const { status } = useStatus();
  const [self, setSelf] = useState<SelfUser | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    api.get<SelfUser>('/api/user/self').then(
      (user) => alive && setSelf(user),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [api]);

  if (failed) return <Card title={t('setting.account')}>{t('setting.loadFailed')}</Card>;
  if (!self) return <Spin className="gc-page-spin" />;
  const rows = [
    { label: t('setting.username'), value: self.username },
    { label: t('setting.displayName'), value: self.display_name || '-' },
    { label: t('setting.role'), value: t(`role.${roleName(self.role)}`) },
    { label: t('setting.group'), value: self.group || '-' },
    { label: t('setting.balance'), value: formatQuota(self.quota, status) },
    { label: t('setting.usedQuota'), value: formatQuota(self.used_quota, status) },
    { label: t('setting.requestCount'), value: String(self.request_count) },
  ];
  return (
    <Card title={t('setting.account')}>
      <Descriptions column={1} data={rows} labelStyle={{ width: 140 }} />
    </Card>
  );
}
