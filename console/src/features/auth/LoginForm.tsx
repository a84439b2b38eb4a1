import { useState, type ReactNode } from 'react';
import { Button, Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@contract/user';
import { useNotify } from '../../api/NotifyProvider';

interface LoginFormProps {
  onSubmit(credentials: LoginRequest): Promise<void>;
  /** Shown above the button (the human check). */
  beforeSubmit?: ReactNode;
}

/** Username-or-email and password (spec 1 §2); both are required. */
export function LoginForm({ onSubmit, beforeSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!username.trim() || !password) return notify.error(t('login.required'));
    setBusy(true);
    try {
      await onSubmit({ username: username.trim(), password });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" onSubmit={() => void submit()}>
      <Form.Item label={t('login.username')}>
        <Input
          value={username}
          onChange={setUsername}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item label={t('login.password')}>
        <Input.Password
          value={password}
          onChange={setPassword}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      {beforeSubmit}
      <Button type="primary" htmlType="submit" long loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
