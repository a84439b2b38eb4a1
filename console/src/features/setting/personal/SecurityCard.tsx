// Account security (spec 1 "Personal settings"): the console access token, changing the password, deleting the
// account.
import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../api/NotifyProvider';
import { copyText } from '../../token/token-display';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DeleteAccountModal } from './DeleteAccountModal';
import { useSelfUser } from './self-user';

export function SecurityCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { self, api } = useSelfUser();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);

  const resetToken = async () => {
    setBusy(true);
    try {
      const next = await api.resetToken();
      setToken(next);
      if (await copyText(next)) notify.success(t('personal.token.resetCopied'));
      else notify.warning(t('personal.token.resetCopyManually'));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('personal.security.title')} data-testid="security-card">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <div>
          <Typography.Title heading={6} style={{ marginTop: 0 }}>{t('personal.token.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('personal.token.hint')}</Typography.Paragraph>
          <Space wrap>
            <Button loading={busy} onClick={() => void resetToken()} data-testid="token-reset">
              {t('personal.token.reset')}
            </Button>
          </Space>
          {token && (
            <Input
              readOnly
              value={token}
              style={{ marginTop: 8, maxWidth: 520 }}
              aria-label={t('personal.token.title')}
              data-testid="access-token"
              addAfter={
                <Button type="text" size="mini" onClick={() => void copyText(token).then((done) => (done ? notify.success(t('personal.copied')) : notify.warning(t('personal.copyManually'))))}>
                  {t('personal.copy')}
                </Button>
              }
            />
          )}
        </div>
        <Space wrap>
          <Button onClick={() => setDialog('password')} data-testid="password-open">{t('personal.password.title')}</Button>
          <Button status="danger" onClick={() => setDialog('delete')} disabled={!self} data-testid="delete-open">
            {t('personal.delete.title')}
          </Button>
        </Space>
      </Space>
      <ChangePasswordModal visible={dialog === 'password'} onClose={() => setDialog(null)} />
      {self && <DeleteAccountModal visible={dialog === 'delete'} username={self.username} onClose={() => setDialog(null)} />}
    </Card>
  );
}
