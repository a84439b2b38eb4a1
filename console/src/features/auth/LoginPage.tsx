// Sign in (spec 1 §2). ?expired=true shows the expiry banner; ?aff=CODE is remembered for registration.
import { useEffect } from 'react';
import { Alert, Card, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  DEFAULT_ROOT_PASSWORD,
  DEFAULT_ROOT_USERNAME,
  STORAGE_KEYS,
  type LoginRequest,
  type LoginUser,
} from '@contract/user';
import { writeString } from '../../api/storage';
import { useApi } from '../../api/ApiProvider';
import { useModalApi, useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import { useUser } from './UserProvider';
import { LoginForm } from './LoginForm';
import { POST_LOGIN_PATH } from './auth-paths';
import { useTurnstile, withHumanCheck } from '../account/use-turnstile';
import { LoginLinks } from '../account/AuthLinks';
import { OAuthLoginOptions } from '../oauth/OAuthLoginOptions';

export function LoginPage() {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const modal = useModalApi();
  const { setUser } = useUser();
  const { status } = useStatus();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const aff = params.get('aff');
  const human = useTurnstile();

  useEffect(() => {
    if (aff) writeString(STORAGE_KEYS.aff, aff);
  }, [aff]);

  const login = async (credentials: LoginRequest) => {
    if (!human.ready()) return;
    let user: LoginUser;
    try {
      user = await api.post<LoginUser>(withHumanCheck('/api/user/login', human), credentials);
    } catch {
      return; // the client already showed why
    } finally {
      human.reset(); // the token is spent either way
    }
    setUser(user);
    notify.success(t('login.succeeded'));
    if (credentials.username === DEFAULT_ROOT_USERNAME && credentials.password === DEFAULT_ROOT_PASSWORD) {
      modal.warning?.({ title: t('login.defaultPasswordTitle'), content: t('login.defaultPassword') });
    }
    navigate(POST_LOGIN_PATH);
  };

  // Unknown status (first start, server down) keeps the form: hiding it would lock everyone out.
  const passwordLogin = status?.password_login_enabled !== false;
  return (
    <div className="gc-login">
      <Card title={t('login.title')} className="gc-login-card">
        {params.get('expired') === 'true' && <Alert type="warning" content={t('error.expired')} className="gc-gap" />}
        {passwordLogin ? (
          <LoginForm onSubmit={login} beforeSubmit={human.widget} />
        ) : (
          <Typography.Paragraph>{t('login.passwordLoginDisabled')}</Typography.Paragraph>
        )}
        <LoginLinks />
        <OAuthLoginOptions />
      </Card>
    </div>
  );
}
