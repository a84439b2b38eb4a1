// Switches whose flip needs a confirmation first (spec 1 §4, spec 2 §4): the registry marks with `warnOff` the
// switches whose turning off could lock out users with no other binding, admins included (password login and
// password registration). Wherever such a switch appears (system or menus tab), the dialog blocks the save until
// the user confirms.
import type { OptionKey } from '@contract/options';
import { defOf } from './option-form';

export interface ConfirmRule {
  /** i18n keys (optionForm texts); the title takes the switch's {{label}}. */
  title: string;
  content: string;
}

export function confirmRule(key: OptionKey, next: string): ConfirmRule | null {
  if (!defOf(key).warnOff || next !== 'false') return null;
  return { title: 'optionForm.confirm.offTitle', content: 'optionForm.confirm.lockout' };
}
