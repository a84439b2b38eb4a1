// Setup form rules (spec 3 §5) and the payload of POST /api/setup, kept pure for tests.
import { SETUP_PASSWORD_MIN, usageModeFlags, type SetupRequest, type UsageMode } from '@contract/setup';

export interface SetupForm {
  username: string;
  password: string;
  confirmPassword: string;
  mode: UsageMode;
}

export const EMPTY_SETUP_FORM: SetupForm = { username: '', password: '', confirmPassword: '', mode: 'external' };

/** The i18n key of the first problem, or null. Credentials are checked only when the root account is new. */
export function validateSetup(form: SetupForm, rootInit: boolean): string | null {
  if (rootInit) return null;
  if (!form.username.trim()) return 'setup.usernameRequired';
  if (form.password.length < SETUP_PASSWORD_MIN) return 'setup.passwordTooShort';
  if (form.password !== form.confirmPassword) return 'setup.passwordMismatch';
  return null;
}

/** Credentials are left out once root exists: then only the system parameters are set. */
export function setupPayload(form: SetupForm, rootInit: boolean): SetupRequest {
  const flags = usageModeFlags(form.mode);
  if (rootInit) return flags;
  return {
    username: form.username.trim(),
    password: form.password,
    confirmPassword: form.confirmPassword,
    ...flags,
  };
}
