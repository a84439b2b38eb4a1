// Deleting one's own account (spec 1 §5): irreversible, so the username must be typed first.
import { useEffect, useState } from 'react';
import { Alert, Input, Modal, Typography } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../api/NotifyProvider';
import { useUser } from '../../auth/UserProvider';
import { useSelfUser } from './self-user';

export function DeleteAccountModal({ visible, username, onClose }: { visible: boolean; username: string; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { setUser } = useUser();
  const { api } = useSelfUser();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (visible) setTyped('');
  }, [visible]);

  const submit = async () => {
    if (typed !== username) return notify.error(t('personal.delete.mismatch'));
    setBusy(true);
    try {
      await api.deactivate();
      notify.success(t('personal.delete.done'));
      setUser(null);
      navigate('/login');
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('personal.delete.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ status: 'danger', disabled: typed !== username, 'data-testid': 'delete-submit' } as object}
      okText={t('personal.delete.confirmButton')}
      unmountOnExit
    >
      <Alert type="error" content={t('personal.delete.warning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{t('personal.delete.typeUsername', { username })}</Typography.Paragraph>
      <Input value={typed} onChange={setTyped} placeholder={username} aria-label={t('personal.delete.inputLabel')} />
    </Modal>
  );
}
