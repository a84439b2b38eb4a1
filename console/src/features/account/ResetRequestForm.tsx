// Asks for a reset link by e-mail (GET /api/reset_password); the button waits 30 seconds after a link went out.
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '@contract/account';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { accountApi } from './account.api';
import { useCountdown } from './use-countdown';
import { useTurnstile } from './use-turnstile';

export function ResetRequestForm() {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const human = useTurnstile();
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async () => {
    if (!email.trim()) return notify.error(t('account.emailRequired'));
    if (!human.ready()) return;
    setBusy(true);
    try {
      await accountApi(api).requestReset(email.trim(), human);
      notify.success(t('account.resetSent'));
      setSent(true);
      countdown.start(CODE_RESEND_SECONDS);
    } catch {
      /* the client showed why */
    } finally {
      setBusy(false);
      human.reset();
    }
  };

  return (
    <Form layout="vertical" onSubmit={() => void submit()}>
      <Typography.Paragraph type="secondary">{t('account.resetIntro')}</Typography.Paragraph>
      {sent && <Alert type="success" content={t('account.resetSent')} className="gc-gap" />}
      <Form.Item label={t('account.email')} required>
        <Input value={email} onChange={setEmail} placeholder={t('account.emailPlaceholder')} type="email" autoComplete="email" />
      </Form.Item>
      {human.widget}
      <Button type="primary" htmlType="submit" long loading={busy} disabled={countdown.left > 0} data-testid="reset-send">
        {countdown.left > 0 ? t('account.resendIn', { seconds: countdown.left }) : t('account.resetSend')}
      </Button>
    </Form>
  );
}
