// The change-password dialog's checks (spec 1 §5): current password given, 8 to 20 characters, both entries equal.
import { PASSWORD_MAX, PASSWORD_MIN } from '@contract/user';

export interface PasswordForm {
  original: string;
  password: string;
  confirm: string;
}

/** An i18n key for the first problem, or null. */
export function passwordFormProblem(f: PasswordForm): string | null {
  if (!f.original) return 'personal.password.originalRequired';
  if (f.password.length < PASSWORD_MIN || f.password.length > PASSWORD_MAX) return 'personal.password.length';
  if (f.password !== f.confirm) return 'personal.password.mismatch';
  return null;
}

