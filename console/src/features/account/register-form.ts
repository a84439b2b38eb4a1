// The register form's values and its client-side checks (spec 1 §5), in the order new-api's form runs them.
import { PASSWORD_MAX, PASSWORD_MIN } from '@contract/user';

export interface RegisterFormValues {
  username: string;
  password: string;
  password2: string;
  email: string;
  code: string;
}

export const emptyRegisterForm = (): RegisterFormValues => ({ username: '', password: '', password2: '', email: '', code: '' });

/** The i18n key (and values) of the first problem, or null. */
export function registerFormProblem(f: RegisterFormValues, emailVerification: boolean): { key: string; values?: Record<string, number> } | null {
  if (!f.username.trim() || !f.password) return { key: 'account.required' };
  if (f.password.length < PASSWORD_MIN) return { key: 'account.passwordShort', values: { min: PASSWORD_MIN } };
  if (f.password.length > PASSWORD_MAX) return { key: 'account.passwordLong', values: { max: PASSWORD_MAX } };
  if (f.password !== f.password2) return { key: 'account.passwordMismatch' };
  if (emailVerification && (!f.email.trim() || !f.code.trim())) return { key: 'account.emailCodeRequired' };
  return null;
}
