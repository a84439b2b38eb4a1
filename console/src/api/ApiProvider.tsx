// Builds the one API client of a console instance and hands it to features through context.
import { createContext, startTransition, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createApiClient, type ApiClient } from './client';
import { useNotify } from './NotifyProvider';
import { useUser } from '../features/auth/UserProvider';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ apiBase, children }: { apiBase: string; children: ReactNode }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { t, i18n } = useTranslation();
  const { setUser } = useUser();
  // navigate and t change identity with location and language; the client reads the latest through refs so
  // it is built once per apiBase and in-flight calls keep a working client.
  const latest = useRef({ navigate, t, setUser, i18n });
  latest.current = { navigate, t, setUser, i18n };
  const client = useMemo(
    () =>
      createApiClient({
        apiBase,
        notify,
        navigate: (to) => latest.current.navigate(to),
        t: (key, options) => latest.current.t(key, options) as string,
        language: () => latest.current.i18n.language,
        // In a transition like the router's own navigation (v7_startTransition), so both land in one render;
        // otherwise the login guard sees "no user" first and redirects to a plain /login, losing ?expired=true.
        onUnauthorized: () => startTransition(() => latest.current.setUser(null)),
      }),
    [apiBase, notify],
  );
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('ApiProvider is missing');
  return client;
}
