// Label, help and placeholder of an option field from one i18n subtree (`<ns>.<key>.label|help|placeholder`), so a
// section lists only keys. Dotted keys (gemini.safety_settings) nest naturally in the JSON files.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionKey } from '@contract/options';

export interface FieldText {
  key: OptionKey;
  label: string;
  help?: string;
  placeholder?: string;
}

export function useFieldText(ns: string): (key: OptionKey) => FieldText {
  const { t, i18n } = useTranslation();
  return useCallback(
    (key: OptionKey) => {
      const base = `${ns}.${key}`;
      const optional = (part: string) => (i18n.exists(`${base}.${part}`) ? t(`${base}.${part}`) : undefined);
      return { key, label: t(`${base}.label`), help: optional('help'), placeholder: optional('placeholder') };
    },
    // t changes with the language
    [ns, t, i18n],
  );
}
