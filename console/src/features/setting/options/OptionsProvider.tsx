// One settings tab's options: loaded once for the signed-in role, saved one PUT per changed key (spec 2 §7). Each
// PUT answers every key it wrote (a rule may write more than the one sent, e.g. SMTP SSL with port 465), and those
// answers replace the stored values, so every input shows what the server stored.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { optionItem, type OptionKey } from '@contract/options';
import { useApi } from '../../../api/ApiProvider';
import { useNotify } from '../../../api/NotifyProvider';
import { useUser } from '../../auth/UserProvider';
import { optionApi } from './option.api';
import { storedSecrets, toValues, type Entry, type OptionRow, type OptionValues } from './option-form';

export interface SaveResult {
  /** Keys the server accepted. */
  saved: Set<string>;
  failed: number;
}

export interface SaveOptions {
  /** Replaces the "saved" toast. */
  success?: string;
  /** Told which keys the server accepted, before the stored values change. */
  onAccepted?(keys: Set<string>): void;
}

interface Stored {
  values: OptionValues;
  /** Secrets the server reports stored (their values never come). */
  secrets: ReadonlySet<OptionKey>;
}

interface OptionsContextValue extends Stored {
  role: number;
  /** A key's label for messages about other fields (from `<fieldText>.<key>.label`; the key when absent). */
  label(key: OptionKey): string;
  /** Sends the entries in order (one PUT each) and reports the outcome. */
  save(entries: readonly Entry[], opts?: SaveOptions): Promise<SaveResult>;
  /** Reads the list again, after a call that changed options without a PUT (the model ratio reset). */
  reload(): Promise<void>;
}

const OptionsContext = createContext<OptionsContextValue | null>(null);

const merge = (stored: Stored, rows: readonly OptionRow[]): Stored => {
  const secrets = new Set(stored.secrets);
  for (const r of rows) if (r.secret_set !== undefined) secrets.delete(r.key as OptionKey);
  for (const k of storedSecrets(rows)) secrets.add(k);
  return { values: { ...stored.values, ...toValues(rows) }, secrets };
};

interface Props {
  /** i18n subtree of the tab's field texts (`<fieldText>.<key>.label`), used to name keys in messages. */
  fieldText?: string;
  children: ReactNode;
}

export function OptionsProvider({ fieldText, children }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const client = useApi();
  const { user } = useUser();
  const role = user?.role ?? 0;
  const api = useMemo(() => optionApi(client), [client]);
  const [stored, setStored] = useState<Stored | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    api.list(role).then(
      (rows) => {
        const list = Array.isArray(rows) ? rows : [];
        if (alive) setStored({ values: toValues(list), secrets: storedSecrets(list) });
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [api, role]);

  const save = useCallback(
    async (entries: readonly Entry[], opts: SaveOptions = {}): Promise<SaveResult> => {
      const saved = new Set<string>();
      const written: OptionRow[] = [];
      const messages: string[] = [];
      // In order, not in parallel: each PUT is its own write transaction, and a partial failure is reported as such.
      for (const [key, value] of entries) {
        try {
          const answer = await api.save(key, value);
          written.push(...(Array.isArray(answer) ? answer : [optionItem(key, value)]));
          saved.add(key);
        } catch (e) {
          messages.push((e as Error).message);
        }
      }
      const failedCount = entries.length - saved.size;
      if (failedCount === 0) notify.success(opts.success ?? t('optionForm.saved'));
      else {
        for (const m of new Set(messages)) if (m) notify.error(m);
        if (saved.size > 0) notify.warning(t('optionForm.someFailed'));
        else if (entries.length > 1) notify.error(t('optionForm.saveFailed'));
      }
      opts.onAccepted?.(saved);
      // A fresh copy even when nothing was written, so accepted fields reset to what is stored.
      if (saved.size > 0) setStored((s) => (s ? merge(s, written) : s));
      return { saved, failed: failedCount };
    },
    [api, notify, t],
  );

  const reload = useCallback(async () => {
    const rows = await api.list(role);
    const list = Array.isArray(rows) ? rows : [];
    setStored({ values: toValues(list), secrets: storedSecrets(list) });
  }, [api, role]);

  const label = useCallback(
    (key: OptionKey) => (fieldText && i18n.exists(`${fieldText}.${key}.label`) ? t(`${fieldText}.${key}.label`) : key),
    [fieldText, i18n, t],
  );

  const value = useMemo(() => (stored ? { ...stored, role, save, reload, label } : null), [stored, role, save, reload, label]);
  if (failed) return <div className="gc-option-failed">{t('optionForm.loadFailed')}</div>;
  if (!value) return <Spin className="gc-page-spin" />;
  return <OptionsContext.Provider value={value}>{children}</OptionsContext.Provider>;
}

export function useOptions(): OptionsContextValue {
  const ctx = useContext(OptionsContext);
  if (!ctx) throw new Error('OptionsProvider is missing');
  return ctx;
}
