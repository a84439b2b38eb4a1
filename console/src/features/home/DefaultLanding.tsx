import { Button, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStatus } from '../status/StatusProvider';
import { useUser } from '../auth/UserProvider';
import { useRegisteredPaths } from '../../routes/RouteRegistry';
import { SIDE_MENU } from '../../layout/menu-config';
import { visibleMenu } from '../../layout/visible-menu';

/** Shown when the site has no home content of its own. */
export function DefaultLanding() {
  const { t } = useTranslation();
  const { status } = useStatus();
  const { user } = useUser();
  const registered = useRegisteredPaths();
  // The console's front door is the first page its menu would offer this person.
  const entry = visibleMenu(SIDE_MENU, { role: user?.role ?? 1, status, registered })[0]?.path ?? '/setting';
  return (
    <section className="gc-landing">
      {status?.logo && <img src={status.logo} alt="" className="gc-landing-logo" />}
      <Typography.Title heading={2}>{status?.system_name || t('app.defaultName')}</Typography.Title>
      <Typography.Paragraph className="gc-landing-pitch">{t('home.pitch')}</Typography.Paragraph>
      <ul className="gc-landing-points">
        <li>{t('home.pointModels')}</li>
        <li>{t('home.pointBilling')}</li>
        <li>{t('home.pointCompatible')}</li>
      </ul>
      <Space size="large">
        {!user && (
          <Link to="/login">
            <Button type="primary" size="large">
              {t('home.login')}
            </Button>
          </Link>
        )}
        <Link to={entry}>
          <Button type={user ? 'primary' : 'secondary'} size="large">
            {t('home.console')}
          </Button>
        </Link>
      </Space>
    </section>
  );
}
