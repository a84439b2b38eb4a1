import { Button, Dropdown, Menu, Space } from '@arco-design/web-react';
import { IconExport, IconUser } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApi } from '../api/ApiProvider';
import { useUser } from '../features/auth/UserProvider';
import { useRegisteredPaths } from '../routes/RouteRegistry';

export function UserMenu() {
  const { t } = useTranslation();
  const { user, setUser } = useUser();
  const api = useApi();
  const navigate = useNavigate();
  const registered = useRegisteredPaths();

  if (!user) {
    return (
      <Space>
        <Link to="/login">
          <Button type="primary">{t('header.login')}</Button>
        </Link>
        {registered.has('/register') && (
          <Link to="/register">
            <Button>{t('header.register')}</Button>
          </Link>
        )}
      </Space>
    );
  }

  const logout = async () => {
    // Forget the user locally even when the call fails: the person asked to leave.
    await api.get('/api/user/logout').catch(() => undefined);
    setUser(null);
    navigate('/login');
  };
  const menu = (
    <Menu onClickMenuItem={(key) => key === 'logout' && void logout()}>
      <Menu.Item key="logout">
        <IconExport /> {t('header.logout')}
      </Menu.Item>
    </Menu>
  );
  return (
    <Dropdown droplist={menu} trigger="click" position="br">
      <Button type="secondary" icon={<IconUser />} data-testid="user-menu">
        {user.username}
      </Button>
    </Dropdown>
  );
}
