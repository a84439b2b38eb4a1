// /register (spec 1 §2). ?aff=CODE is kept in localStorage, as on /login, and sent with the registration.
import { useEffect } from 'react';
import { Alert, Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { STORAGE_KEYS } from '@contract/user';
import { writeString } from '../../api/storage';
import { useStatus } from '../status/StatusProvider';
import { RegisterForm } from './RegisterForm';

export function RegisterPage() {
  const { t } = useTranslation();
  const { status } = useStatus();
  const [params] = useSearchParams();
  const aff = params.get('aff');

  useEffect(() => {
    if (aff) writeString(STORAGE_KEYS.aff, aff);
  }, [aff]);

  // Unknown status keeps the form; the server refuses when registration is off.
  const closed = status?.register_enabled === false ? 'account.registerDisabled' : status?.password_register_enabled === false ? 'account.passwordRegisterDisabled' : null;
  return (
    <div className="gc-login">
      <Card title={t('account.registerTitle')} className="gc-login-card">
        {closed ? <Alert type="warning" content={t(closed)} className="gc-gap" /> : <RegisterForm emailVerification={status?.email_verification === true} />}
        <div className="gc-auth-links">
          <span>
            {t('account.haveAccount')} <Link to="/login">{t('account.toLogin')}</Link>
          </span>
        </div>
      </Card>
    </div>
  );
}
