// Light/dark mode. Arco's dark palette hangs off `body[arco-theme=dark]`, which belongs to the host page, so the
// console only writes it when allowed (the app always is); otherwise the root class tells the host.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type JSX, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@contract/user';
import { readString, writeString } from '../api/storage';

export type ThemeMode = 'light' | 'dark';

interface ThemeContextValue {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  toggle(): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

const isMode = (v: unknown): v is ThemeMode => v === 'light' || v === 'dark';

/** The prop wins, then the stored choice, then light. */
export function initialTheme(prop?: ThemeMode): ThemeMode {
  if (isMode(prop)) return prop;
  const stored = readString(STORAGE_KEYS.theme);
  return isMode(stored) ? stored : 'light';
}

interface ThemeProviderProps {
  initial?: ThemeMode;
  allowBodyTheme: boolean;
  children: ReactNode;
}

export function ThemeProvider({ initial, allowBodyTheme, children }: ThemeProviderProps): JSX.Element {
  const [mode, setState] = useState<ThemeMode>(() => initialTheme(initial));
  const setMode = useCallback((next: ThemeMode) => {
    writeString(STORAGE_KEYS.theme, next);
    setState(next);
  }, []);
  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  useEffect(() => {
    if (!allowBodyTheme) return;
    const body = document.body;
    const previous = body.getAttribute('arco-theme');
    if (mode === 'dark') body.setAttribute('arco-theme', 'dark');
    else body.removeAttribute('arco-theme');
    // Give the body back as found when the console unmounts or the mode changes.
    return () => {
      if (previous === null) body.removeAttribute('arco-theme');
      else body.setAttribute('arco-theme', previous);
    };
  }, [mode, allowBodyTheme]);

  const value = useMemo(() => ({ mode, setMode, toggle }), [mode, setMode, toggle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('ThemeProvider is missing');
  return ctx;
}
