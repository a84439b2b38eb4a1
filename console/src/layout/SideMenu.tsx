import { useMemo } from 'react';
import { Layout, Menu } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useUser } from '../features/auth/UserProvider';
import { useStatus } from '../features/status/StatusProvider';
import { useRegisteredPaths } from '../routes/RouteRegistry';
import { SIDE_MENU, type MenuEntry } from './menu-config';
import { visibleMenu } from './visible-menu';
import { isMobileWidth } from './layout-rules';

interface SideMenuProps {
  /** The user's own choice; null until they toggle, so the default follows status and width. */
  open: boolean | null;
  onOpenChange(open: boolean): void;
}

export function SideMenu({ open, onOpenChange }: SideMenuProps) {
  const { t } = useTranslation();
  const { user } = useUser();
  const { status } = useStatus();
  const registered = useRegisteredPaths();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(
    () => visibleMenu(SIDE_MENU, { role: user?.role ?? 0, status, registered, fold: status?.log_fold_enabled }),
    [user, status, registered],
  );
  if (items.length === 0) return null;

  const collapsedByDefault = isMobileWidth(window.innerWidth) || Boolean(status?.default_collapse_sidebar);
  const collapsed = open === null ? collapsedByDefault : !open;
  const label = ({ icon: Icon, label: key }: MenuEntry) => (
    <>
      {Icon && <Icon />}
      {t(key)}
    </>
  );
  const renderItem = (entry: MenuEntry) =>
    entry.children ? (
      <Menu.SubMenu key={entry.key} title={label(entry)}>
        {entry.children.map(renderItem)}
      </Menu.SubMenu>
    ) : (
      <Menu.Item key={entry.path ?? entry.key}>{label(entry)}</Menu.Item>
    );

  return (
    <Layout.Sider
      className="gc-sider"
      collapsible
      collapsed={collapsed}
      onCollapse={(next) => onOpenChange(!next)}
      width={200}
    >
      <nav aria-label={t('menu.label')}>
        <Menu selectedKeys={[pathname]} onClickMenuItem={(key) => navigate(key)} autoOpen>
          {items.map(renderItem)}
        </Menu>
      </nav>
    </Layout.Sider>
  );
}
