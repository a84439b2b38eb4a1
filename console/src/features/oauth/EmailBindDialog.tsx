// Binding an e-mail address (spec 1 §5, §7): send a code to the address (the button then counts down 30 s,
// spec 1 §9; the human check first when the site turns it on), type it in, bind. Both fields are required.
// Sending reuses registration's pieces (features/account): the same call, countdown and Turnstile widget.
import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '@contract/account';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { accountApi } from '../account/account.api';
import { useCountdown } from '../account/use-countdown';
import { useTurnstile } from '../account/use-turnstile';
import { emailBind } from './oauth.api';

interface EmailBindDialogProps {
  visible: boolean;
  /** The address bound now, as the starting value. */
  current: string;
  onBound(email: string): void;
  onClose(): void;
}

export function EmailBindDialog({ visible, current, onBound, onClose }: EmailBindDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const [email, setEmail] = useState(current);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);
  const countdown = useCountdown();
  const human = useTurnstile();

  useEffect(() => {
    if (!visible) return;
    setEmail(current);
    setCode('');
  }, [visible, current]);

  const send = async () => {
    if (!email.trim()) return notify.error(t('oauth.email.addressRequired'));
    if (!human.ready()) return;
    setSending(true);
    try {
      await accountApi(api).sendCode(email.trim(), human);
      notify.success(t('oauth.email.sent'));
      countdown.start(CODE_RESEND_SECONDS);
    } catch {
      /* the client showed the message */
    } finally {
      setSending(false);
      human.reset();
    }
  };

  const bind = async () => {
    if (!email.trim() || !code.trim()) return notify.error(t('oauth.email.required'));
    setBinding(true);
    try {
      await emailBind(api, email.trim(), code.trim());
      notify.success(t('oauth.email.bound'));
      onBound(email.trim().toLowerCase());
      onClose();
    } catch {
      /* the client showed the message */
    } finally {
      setBinding(false);
    }
  };

  return (
    <Modal visible={visible} title={t('oauth.email.title')} onCancel={onClose} footer={null} unmountOnExit style={{ maxWidth: 460 }}>
      <Form layout="vertical" onSubmit={() => void bind()}>
        <Form.Item label={t('oauth.email.address')}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Input value={email} onChange={setEmail} placeholder={t('oauth.email.addressPlaceholder')} autoComplete="email" />
            <Button onClick={() => void send()} loading={sending} disabled={countdown.left > 0} style={{ minWidth: 112 }}>
              {countdown.left > 0 ? t('oauth.email.resend', { seconds: countdown.left }) : t('oauth.email.send')}
            </Button>
          </div>
        </Form.Item>
        <Form.Item label={t('oauth.email.code')}>
          <Input value={code} onChange={setCode} placeholder={t('oauth.email.codePlaceholder')} autoComplete="one-time-code" />
        </Form.Item>
        {human.widget}
        <Button type="primary" htmlType="submit" long loading={binding}>
          {t('oauth.email.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
