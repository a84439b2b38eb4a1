// The console as one component (architecture §4.6): its own i18next instance, Arco ConfigProvider with popups
// inside the console's root, theme, router base and API client. The app and embedding hosts both use it.
import { useEffect, useState, type JSX } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createI18n, initialLanguage, type Language } from './i18n/create-i18n';
import { ThemeProvider, type ThemeMode } from './theme/ThemeProvider';
import { NotifyProvider } from './api/NotifyProvider';
import { ApiProvider } from './api/ApiProvider';
import { UserProvider } from './features/auth/UserProvider';
import { StatusProvider } from './features/status/StatusProvider';
import { AppRoutes } from './routes/AppRoutes';
import { ConsoleRoot } from './ConsoleRoot';

export interface GatewayConsoleProps {
  /** Prefix of the gateway's /api calls, e.g. 'https://gw.example.com'. Default '' (same origin). */
  apiBase?: string;
  /** Router base path where the console is mounted. Default '/'. */
  basePath?: string;
  /** Initial language; otherwise the stored choice, then zh-CN. */
  locale?: Language;
  /** Initial theme; otherwise the stored choice, then light. */
  theme?: ThemeMode;
  /** Whether the console may set Arco's `arco-theme` attribute on document.body (the app: true). */
  allowBodyTheme?: boolean;
}

export function GatewayConsole({ apiBase = '', basePath = '/', locale, theme, allowBodyTheme = false }: GatewayConsoleProps): JSX.Element {
  const [i18n] = useState(() => createI18n(initialLanguage(locale)));
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const onChange = (lng: string) => setLanguage(lng);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);

  return (
    <ThemeProvider initial={theme} allowBodyTheme={allowBodyTheme}>
      <I18nextProvider i18n={i18n}>
        <ConsoleRoot language={language}>
          <BrowserRouter basename={basePath} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <NotifyProvider>
              <UserProvider>
                <ApiProvider apiBase={apiBase}>
                  <StatusProvider>
                    <AppRoutes />
                  </StatusProvider>
                </ApiProvider>
              </UserProvider>
            </NotifyProvider>
          </BrowserRouter>
        </ConsoleRoot>
      </I18nextProvider>
    </ThemeProvider>
  );
}
