// The setup wizard's rules without React: step order, the same field checks the setup service makes (so a
// mistake is caught at the field that caused it), and where a server-side refusal sends the user back to.
import type { MessageKey } from '../../../daemon/i18n/messages.js';
import { SETUP_PASSWORD_MIN, usageModeFlags, type SetupRequest, type SetupStatus, type UsageMode } from '../../../daemon/contract/setup.js';
import { USERNAME_MAX } from '../../../daemon/contract/user.js';

export type FieldStep = 'username' | 'password' | 'confirm';
export type Step = 'loading' | FieldStep | 'mode' | 'review' | 'submitting' | 'done' | 'already' | 'failed';

export interface Answers {
  username: string;
  password: string;
  confirm: string;
  mode: UsageMode;
}

export const USAGE_MODES: readonly UsageMode[] = ['external', 'self', 'demo'];

/** With a root account already there (root_init), only the system parameters are asked for, as on the web. */
export const firstStep = (s: SetupStatus): Step => (s.status ? 'already' : s.root_init ? 'mode' : 'username');

const ORDER: readonly Step[] = ['username', 'password', 'confirm', 'mode', 'review'];

export function nextStep(step: Step): Step {
  const i = ORDER.indexOf(step);
  return i >= 0 && i < ORDER.length - 1 ? ORDER[i + 1] : step;
}

/** Esc goes one step back; never into the account steps when the root account exists. */
export function previousStep(step: Step, rootInit: boolean): Step {
  const i = ORDER.indexOf(step);
  if (i <= 0) return step;
  const prev = ORDER[i - 1];
  return rootInit && (prev === 'username' || prev === 'password' || prev === 'confirm') ? step : prev;
}

/** The message key for what is wrong with the field just entered, or undefined when it is fine. */
export function checkField(step: FieldStep, a: Answers): { key: MessageKey; params?: Record<string, number> } | undefined {
  if (step === 'username') {
    const name = a.username.trim();
    if (!name) return { key: 'setup.username_required' };
    if (name.length > USERNAME_MAX) return { key: 'setup.username_too_long', params: { max: USERNAME_MAX } };
  } else if (step === 'password') {
    if (a.password.length < SETUP_PASSWORD_MIN) return { key: 'setup.password_short' };
  } else if (a.confirm !== a.password) {
    return { key: 'setup.password_mismatch' };
  }
  return undefined;
}

/** Where a refusal from setup.init() lets the user fix things; anything else stays on the review step. */
export function stepForError(key: string): Step {
  switch (key) {
    case 'setup.username_required':
    case 'setup.username_too_long':
      return 'username';
    case 'setup.password_short':
      return 'password';
    case 'setup.password_mismatch':
      return 'confirm';
    case 'setup.mode_conflict':
      return 'mode';
    case 'setup.done_already':
      return 'already';
    default:
      return 'review';
  }
}

/** The same payload the web wizard posts; the account fields only when a root account is to be created. */
export function initPayload(a: Answers, rootInit: boolean): SetupRequest {
  const flags = usageModeFlags(a.mode);
  if (rootInit) return flags;
  return { username: a.username.trim(), password: a.password, confirmPassword: a.confirm, ...flags };
}
