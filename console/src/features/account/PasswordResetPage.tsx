// /reset (spec 1 §2): with ?email=…&token=… from the e-mailed link it confirms the reset; without, it asks for a
// link. /user/reset (new-api's link path) shows the same page.
import { Alert, Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ResetConfirmForm } from './ResetConfirmForm';
import { ResetRequestForm } from './ResetRequestForm';

export function PasswordResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const confirming = params.has('token');

  return (
    <div className="gc-login">
      <Card title={t(confirming ? 'account.resetConfirmTitle' : 'account.resetTitle')} className="gc-login-card">
        {!confirming ? (
          <ResetRequestForm />
        ) : email && token ? (
          <ResetConfirmForm email={email} token={token} />
        ) : (
          <Alert type="error" content={t('account.resetLinkIncomplete')} className="gc-gap" />
        )}
        {!confirming && (
          <div className="gc-auth-links">
            <Link to="/login">{t('account.toLogin')}</Link>
          </div>
        )}
      </Card>
    </div>
  );
}
