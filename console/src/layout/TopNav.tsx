import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useUser } from '../features/auth/UserProvider';
import { useStatus } from '../features/status/StatusProvider';
import { useRegisteredPaths } from '../routes/RouteRegistry';
import { TOP_NAV } from './menu-config';
import { visibleMenu } from './visible-menu';

export function TopNav() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { status } = useStatus();
  const registered = useRegisteredPaths();
  const items = visibleMenu(TOP_NAV, { role: user?.role ?? 0, status, registered });
  return (
    <nav className="gc-top-nav" aria-label={t('nav.label')}>
      {items.map((item) => (
        <NavLink key={item.key} to={item.path ?? '/'} end className="gc-top-nav-item">
          {t(item.label)}
          {item.badge && (
            <Tag size="small" color="red" className="gc-top-nav-badge">
              {t(item.badge)}
            </Tag>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
