// The filter form of a list page: what the user is typing (`form`) and what the list was last asked for (`applied`).
// Keeping them apart means a half-typed filter never reloads the table; only Search/Query or Enter does.
import { useCallback, useState } from 'react';

export interface ListQuery<F> {
  form: F;
  setForm(next: F | ((f: F) => F)): void;
  /** Sets one field of the form. */
  set<K extends keyof F>(key: K, value: F[K]): void;
  /** The filters the list loads with; a new object on every apply, so it works as `usePagedList`'s `query`. */
  applied: F;
  /** Applies the form; always a new object, so searching again with the same filters reloads. */
  apply(): void;
  /** Back to a fresh form (from `initial`, e.g. "the last week" for logs), applied at once. */
  reset(): void;
}

export function useListQuery<F extends object>(initial: () => F): ListQuery<F> {
  const [form, setForm] = useState<F>(initial);
  const [applied, setApplied] = useState<F>(form);
  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value })), []);
  const apply = () => setApplied({ ...form });
  const reset = () => {
    const fresh = initial();
    setForm(fresh);
    setApplied(fresh);
  };
  return { form, setForm, set, applied, apply, reset };
}
