// Under the sign-in form: 'register' when registration is open, 'forgot password' when password sign-in is on.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStatus } from '../status/StatusProvider';

export function LoginLinks() {
  const { t } = useTranslation();
  const { status } = useStatus();
  const register = status?.register_enabled !== false;
  const reset = status?.password_login_enabled !== false;
  if (!register && !reset) return null;
  return (
    <div className="gc-auth-links">
      {register && (
        <span>
          {t('account.noAccount')} <Link to="/register">{t('account.toRegister')}</Link>
        </span>
      )}
      {reset && <Link to="/reset">{t('account.forgotPassword')}</Link>}
    </div>
  );
}
