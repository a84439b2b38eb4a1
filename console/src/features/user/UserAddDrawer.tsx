// The add-user drawer (admins; spec 1 "User management", §5): username, display name, password.
import { useEffect, useState } from 'react';
import { Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../components/FormDrawer';
import { PASSWORD_MAX, USERNAME_MAX } from '@contract/user';
import { USER_DISPLAY_NAME_MAX } from '@contract/user-admin';
import { useNotify } from '../../api/NotifyProvider';
import type { UserApi } from './user.api';
import { createRequest, emptyAddForm, validateAddForm, type AddForm } from './user-form';

interface Props {
  visible: boolean;
  api: UserApi;
  onClose(): void;
  onSaved(): void;
}

export function UserAddDrawer({ visible, api, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form, setForm] = useState<AddForm>(emptyAddForm);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<AddForm>) => {
    setProblem(null);
    setForm((f) => ({ ...f, ...patch }));
  };

  useEffect(() => {
    if (visible) {
      setForm(emptyAddForm());
      setProblem(null);
    }
  }, [visible]);

  const submit = async () => {
    const p = validateAddForm(form);
    setProblem(p);
    if (p) return notify.error(t(p));
    setSaving(true);
    try {
      await api.create(createRequest(form));
      notify.success(t('userAdmin.created'));
      onSaved();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer
      visible={visible}
      title={t('userAdmin.form.addTitle')}
      saving={saving}
      onClose={onClose}
      onSubmit={() => void submit()}
      cancelText={t('userAdmin.form.cancel')}
      submitText={t('userAdmin.form.submit')}
      submitTestId="user-add-submit"
    >
      <Form layout="vertical" onSubmit={() => void submit()}>
        <Form.Item
          label={t('userAdmin.form.username')}
          required
          validateStatus={problem === 'userAdmin.form.credentialsRequired' && !form.username.trim() ? 'error' : undefined}
          help={problem === 'userAdmin.form.credentialsRequired' && !form.username.trim() ? t(problem) : undefined}
        >
          <Input value={form.username} onChange={(username) => set({ username })} placeholder={t('userAdmin.form.usernamePlaceholder')} maxLength={USERNAME_MAX} />
        </Form.Item>
        <Form.Item label={t('userAdmin.form.displayName')}>
          <Input
            value={form.display_name}
            onChange={(display_name) => set({ display_name })}
            placeholder={t('userAdmin.form.displayNamePlaceholder')}
            maxLength={USER_DISPLAY_NAME_MAX}
          />
        </Form.Item>
        <Form.Item
          label={t('userAdmin.form.password')}
          required
          validateStatus={problem && (problem === 'userAdmin.form.passwordShort' || !form.password) ? 'error' : undefined}
          help={problem && (problem === 'userAdmin.form.passwordShort' || !form.password) ? t(problem) : undefined}
        >
          <Input.Password
            value={form.password}
            onChange={(password) => set({ password })}
            placeholder={t('userAdmin.form.passwordPlaceholder')}
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
