// The reset link's page (POST /api/user/reset): confirms, then shows the new random password once and copies it.
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { accountApi } from './account.api';

export function ResetConfirmForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t('account.passwordCopied'));
    } catch {
      notify.warning(t('account.copyManually'));
    }
  };

  const submit = async () => {
    setBusy(true);
    try {
      const next = await accountApi(api).confirmReset({ email, token });
      setPassword(next);
      await copy(next);
    } catch {
      /* the client showed why */
    } finally {
      setBusy(false);
    }
  };

  if (password) {
    return (
      <div data-testid="reset-done">
        <Alert type="success" title={t('account.resetDone')} content={t('account.resetDoneHint')} className="gc-gap" />
        <div className="gc-code-row gc-gap">
          <Input value={password} readOnly data-testid="new-password" />
          <Button onClick={() => void copy(password)}>{t('account.copy')}</Button>
        </div>
        <Link to="/login">
          <Button type="primary" long>
            {t('account.toLogin')}
          </Button>
        </Link>
      </div>
    );
  }
  return (
    <Form layout="vertical" onSubmit={() => void submit()}>
      <Typography.Paragraph type="secondary">{t('account.resetConfirmIntro')}</Typography.Paragraph>
      <Form.Item label={t('account.email')}>
        <Input value={email} disabled />
      </Form.Item>
      <Button type="primary" htmlType="submit" long loading={busy} data-testid="reset-confirm">
        {t('account.resetConfirm')}
      </Button>
    </Form>
  );
}
