// Changing the password with the current one (spec 1 §5: both entries must match). Other sign-ins end; this one stays.
import { useEffect, useState } from 'react';
import { Form, Input, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@contract/user';
import { useNotify } from '../../../api/NotifyProvider';
import { passwordFormProblem, type PasswordForm } from './password-form';
import { useSelfUser } from './self-user';

const empty: PasswordForm = { original: '', password: '', confirm: '' };

export function ChangePasswordModal({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { api } = useSelfUser();
  const [form, setForm] = useState<PasswordForm>(empty);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<PasswordForm>) => setForm((f) => ({ ...f, ...patch }));
  const limits = { min: PASSWORD_MIN, max: PASSWORD_MAX };

  useEffect(() => {
    if (visible) setForm(empty);
  }, [visible]);

  const submit = async () => {
    const problem = passwordFormProblem(form);
    if (problem) return notify.error(t(problem, limits));
    setSaving(true);
    try {
      await api.update({ original_password: form.original, password: form.password });
      notify.success(t('personal.password.changed'));
      onClose();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const mismatch = form.confirm !== '' && form.confirm !== form.password;
  return (
    <Modal
      title={t('personal.password.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'password-submit' } as object}
      unmountOnExit
    >
      <Form layout="vertical">
        <Form.Item label={t('personal.password.original')} required>
          <Input.Password value={form.original} onChange={(original) => set({ original })} aria-label={t('personal.password.original')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('personal.password.new')} required extra={t('personal.password.hint', limits)}>
          <Input.Password value={form.password} onChange={(password) => set({ password })} aria-label={t('personal.password.new')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('personal.password.confirm')}
          required
          validateStatus={mismatch ? 'error' : undefined}
          help={mismatch ? t('personal.password.mismatch') : undefined}
        >
          <Input.Password value={form.confirm} onChange={(confirm) => set({ confirm })} aria-label={t('personal.password.confirm')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
