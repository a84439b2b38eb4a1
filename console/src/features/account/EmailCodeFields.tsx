// E-mail and verification code of the register form, with the 'send code' button that counts down 30 seconds
// after a code went out (spec 1 §2).
import { useState } from 'react';
import { Button, Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '@contract/account';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { accountApi } from './account.api';
import { useCountdown } from './use-countdown';
import type { HumanCheck } from './use-turnstile';

interface EmailCodeFieldsProps {
  email: string;
  code: string;
  human: HumanCheck;
  onChange(patch: { email?: string; code?: string }): void;
}

export function EmailCodeFields({ email, code, human, onChange }: EmailCodeFieldsProps) {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!email.trim()) return notify.error(t('account.emailRequired'));
    if (!human.ready()) return;
    setSending(true);
    try {
      await accountApi(api).sendCode(email.trim(), human);
      notify.success(t('account.codeSent'));
      countdown.start(CODE_RESEND_SECONDS);
    } catch {
      /* the client showed why */
    } finally {
      setSending(false);
      human.reset();
    }
  };

  return (
    <>
      <Form.Item label={t('account.email')} required>
        <div className="gc-code-row">
          <Input value={email} onChange={(v) => onChange({ email: v })} placeholder={t('account.emailPlaceholder')} type="email" autoComplete="email" />
          <Button onClick={() => void send()} loading={sending} disabled={countdown.left > 0} data-testid="send-code">
            {countdown.left > 0 ? t('account.resendIn', { seconds: countdown.left }) : t('account.sendCode')}
          </Button>
        </div>
      </Form.Item>
      <Form.Item label={t('account.code')} required>
        <Input value={code} onChange={(v) => onChange({ code: v })} placeholder={t('account.codePlaceholder')} autoComplete="one-time-code" />
      </Form.Item>
    </>
  );
}
