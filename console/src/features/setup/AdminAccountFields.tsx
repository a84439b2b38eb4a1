import { Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { SETUP_PASSWORD_MIN } from '@contract/setup';
import type { SetupForm } from './setup-form';

interface AdminAccountFieldsProps {
  form: SetupForm;
  onChange(patch: Partial<SetupForm>): void;
}

export function AdminAccountFields({ form, onChange }: AdminAccountFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('setup.username')} required>
        <Input
          value={form.username}
          onChange={(username) => onChange({ username })}
          placeholder={t('setup.usernamePlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item label={t('setup.password')} required>
        <Input.Password
          value={form.password}
          onChange={(password) => onChange({ password })}
          placeholder={t('setup.passwordPlaceholder', { min: SETUP_PASSWORD_MIN })}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item label={t('setup.confirmPassword')} required>
        <Input.Password
          value={form.confirmPassword}
          onChange={(confirmPassword) => onChange({ confirmPassword })}
          placeholder={t('setup.confirmPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
