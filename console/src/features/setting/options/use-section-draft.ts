// A section's inputs: they start from the stored values and follow them when the server's copy changes (after any
// save in the tab), except fields the user is still editing. After this section's own save, the fields the server
// accepted are reset to the stored result.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OptionKey } from '@contract/options';
import { draftOf, type Draft, type OptionValues } from './option-form';

export function useSectionDraft(keys: readonly OptionKey[], values: OptionValues) {
  const signature = keys.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keys are compared by content
  const base = useMemo(() => draftOf(keys, values), [signature, values]);
  const [draft, setDraft] = useState<Draft>(base);
  const previous = useRef(base);
  const accepted = useRef(new Set<string>());

  useEffect(() => {
    if (previous.current === base) return;
    const before = previous.current;
    const saved = accepted.current; // the updater runs later: keep this save's keys, not the next one's
    previous.current = base;
    accepted.current = new Set();
    setDraft((d) => {
      const next: Draft = { ...d };
      for (const k of keys) if (d[k] === undefined || d[k] === before[k] || saved.has(k)) next[k] = base[k];
      return next;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- base already depends on keys
  }, [base]);

  const set = useCallback((key: OptionKey, text: string) => setDraft((d) => ({ ...d, [key]: text })), []);
  /** Marks keys the server accepted, so the reload that follows resets them. */
  const markSaved = useCallback((keys: Iterable<string>) => {
    for (const k of keys) accepted.current.add(k);
  }, []);
  return { draft, set, markSaved };
}
