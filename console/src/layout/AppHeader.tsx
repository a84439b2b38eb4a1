import { Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStatus } from '../features/status/StatusProvider';
import { NoticeBell } from '../features/notice/NoticeBell';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { TopNav } from './TopNav';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

export function AppHeader() {
  const { t } = useTranslation();
  const { status } = useStatus();
  const name = status?.system_name || t('app.defaultName');
  return (
    <div className="gc-header-bar">
      <Link to="/" className="gc-brand">
        {status?.logo && <img src={status.logo} alt="" className="gc-brand-logo" />}
        <span className="gc-brand-name">{name}</span>
      </Link>
      <TopNav />
      <Space size="medium" className="gc-header-actions">
        <LanguageMenu />
        <NoticeBell />
        <ThemeSwitch />
        <UserMenu />
      </Space>
    </div>
  );
}
