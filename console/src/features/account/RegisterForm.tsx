// Username, password and confirmation; e-mail and code when verification is on; the human check when on
// (spec 1 "Register screen"). The inviter's code remembered from ?aff= goes with the request.
import { useState } from 'react';
import { Button, Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_MAX, PASSWORD_MIN, STORAGE_KEYS, USERNAME_MAX } from '@contract/user';
import { readString } from '../../api/storage';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { accountApi } from './account.api';
import { EmailCodeFields } from './EmailCodeFields';
import { emptyRegisterForm, registerFormProblem, type RegisterFormValues } from './register-form';
import { useTurnstile } from './use-turnstile';

export function RegisterForm({ emailVerification }: { emailVerification: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const human = useTurnstile();
  const [form, setForm] = useState<RegisterFormValues>(emptyRegisterForm);
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<RegisterFormValues>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    const problem = registerFormProblem(form, emailVerification);
    if (problem) return notify.error(t(problem.key, problem.values));
    if (!human.ready()) return;
    setBusy(true);
    try {
      await accountApi(api).register(
        {
          username: form.username.trim(),
          password: form.password,
          password2: form.password2,
          email: emailVerification ? form.email.trim() : '',
          verification_code: emailVerification ? form.code.trim() : '',
          aff_code: readString(STORAGE_KEYS.aff) ?? '',
        },
        human,
      );
    } catch {
      return; // the client showed why
    } finally {
      setBusy(false);
      human.reset();
    }
    notify.success(t('account.registered'));
    navigate('/login');
  };

  return (
    <Form layout="vertical" onSubmit={() => void submit()}>
      <Form.Item label={t('account.username')} required>
        <Input value={form.username} onChange={(username) => change({ username })} placeholder={t('account.usernamePlaceholder', { max: USERNAME_MAX })} autoComplete="username" />
      </Form.Item>
      <Form.Item label={t('account.password')} required>
        <Input.Password
          value={form.password}
          onChange={(password) => change({ password })}
          placeholder={t('account.passwordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item label={t('account.confirmPassword')} required>
        <Input.Password value={form.password2} onChange={(password2) => change({ password2 })} placeholder={t('account.confirmPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      {emailVerification && <EmailCodeFields email={form.email} code={form.code} human={human} onChange={change} />}
      {human.widget}
      <Button type="primary" htmlType="submit" long loading={busy} data-testid="register-submit">
        {t('account.registerSubmit')}
      </Button>
    </Form>
  );
}
