import { Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useUser } from '../auth/UserProvider';
import { settingTabsFor } from './setting-tabs';

/** /setting?tab=…: the tabs the signed-in role may see (spec 2 §2); an unknown or hidden tab falls back to personal. */
export function SettingPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const tabs = settingTabsFor(user?.role ?? 0);
  const wanted = params.get('tab');
  const active = tabs.find((tab) => tab.key === wanted)?.key ?? 'personal';
  return (
    <Tabs activeTab={active} onChange={(key) => setParams({ tab: key }, { replace: true })} lazyload destroyOnHide>
      {tabs.map(({ key, title, Tab }) => (
        <Tabs.TabPane key={key} title={t(title)}>
          <Tab />
        </Tabs.TabPane>
      ))}
    </Tabs>
  );
}
