// The WeChat dialog (spec 1 §2): the official account's QR code, then the code the account sends back (valid three
// minutes, spec 1 §9). Used to sign in and to bind; the caller decides what the code does.
import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../api/NotifyProvider';

interface WeChatCodeDialogProps {
  visible: boolean;
  mode: 'login' | 'bind';
  qrcode: string;
  /** Resolves true when the code was accepted (the dialog then closes). */
  onSubmit(code: string): Promise<boolean>;
  onClose(): void;
}

export function WeChatCodeDialog({ visible, mode, qrcode, onSubmit, onClose }: WeChatCodeDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (visible) setCode('');
  }, [visible]);

  const submit = async () => {
    if (!code.trim()) return notify.error(t('oauth.wechatDialog.codeRequired'));
    setBusy(true);
    try {
      if (await onSubmit(code.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible={visible}
      title={t(mode === 'login' ? 'oauth.wechatDialog.loginTitle' : 'oauth.wechatDialog.bindTitle')}
      onCancel={onClose}
      footer={null}
      unmountOnExit
      style={{ maxWidth: 420 }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        {qrcode ? (
          <img src={qrcode} alt={t('oauth.wechatDialog.qrcodeAlt')} style={{ width: 200, height: 200, objectFit: 'contain' }} />
        ) : (
          <Empty description={t('oauth.wechatDialog.noQrcode')} />
        )}
        <Typography.Paragraph style={{ textAlign: 'center', margin: 0, wordBreak: 'normal', overflowWrap: 'break-word' }}>
          {t('oauth.wechatDialog.scan')}
        </Typography.Paragraph>
      </div>
      <form
        style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 16 }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Input
          value={code}
          onChange={setCode}
          placeholder={t('oauth.wechatDialog.codePlaceholder')}
          aria-label={t('oauth.wechatDialog.code')}
          autoComplete="one-time-code"
        />
        <Button type="primary" htmlType="submit" long loading={busy}>
          {t(mode === 'login' ? 'oauth.wechatDialog.login' : 'oauth.wechatDialog.bind')}
        </Button>
      </form>
    </Modal>
  );
}
