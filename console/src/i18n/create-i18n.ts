// A private i18next instance per console: the global instance (and react-i18next's global) belong to the host.
// initReactI18next is deliberately not used: it would register this instance as react-i18next's global;
// <I18nextProvider> is enough for useTranslation.
import { createInstance, type i18n } from 'i18next';
import { STORAGE_KEYS } from '@contract/user';
import { readString, writeString } from '../api/storage';
import { RESOURCES } from './resources';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'zh-CN';

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The prop wins, then the stored choice, then Chinese (spec 1 §1). */
export function initialLanguage(prop?: Language): Language {
  if (isLanguage(prop)) return prop;
  const stored = readString(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : FALLBACK_LANGUAGE;
}

export function storeLanguage(lng: Language): void {
  writeString(STORAGE_KEYS.language, lng);
}

// Annotated return type: inferring it names a path inside hoisted node_modules (TS2742, stack.md pitfall 11).
export function createI18n(lng: Language): i18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { 'zh-CN': { translation: RESOURCES['zh-CN'] }, 'en-US': { translation: RESOURCES['en-US'] } },
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
