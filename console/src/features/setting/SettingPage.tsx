import { Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { AccountCard } from './AccountCard';

/** Settings; only the personal tab exists so far (the site tabs arrive with their features). */
export function SettingPage() {
  const { t } = useTranslation();
  return (
    <Tabs defaultActiveTab="personal">
      <Tabs.TabPane key="personal" title={t('setting.personalTab')}>
        <AccountCard />
      </Tabs.TabPane>
    </Tabs>
  );
}
