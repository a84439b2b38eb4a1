// The option calls of spec 2 §7: the list for the signed-in role, and one PUT per changed key.
import type { OptionKey } from '@contract/options';
import { roleAtLeast } from '@contract/roles';
import type { ApiClient } from '../../../api/client';
import type { OptionRow } from './option-form';

export function optionApi(api: ApiClient) {
  return {
    /** Super admins read the full list; agents the agent-scope list (spec 2 §6). Quiet: the tab shows its own text. */
    list: (role: number) => api.get<OptionRow[]>(roleAtLeast(role, 'admin') ? '/api/option/all' : '/api/option/agent', { quiet: true }),
    /** Answers every key the save wrote. Quiet: the form reports failures together (spec 2 §8 "some saves failed"). */
    save: (key: OptionKey, value: string) => api.put<OptionRow[]>('/api/option/', { key, value }, { quiet: true }),
  };
}

export type OptionApi = ReturnType<typeof optionApi>;
