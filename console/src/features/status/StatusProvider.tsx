// Public status (GET /api/status): loaded at start and again whenever the signed-in user changes (an agent's
// sub-user sees its agent's branding, design agents.md §5), cached in localStorage for the next start, and the
// setup guard: an uninitialised site sends every path to /setup.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PublicStatus } from '@contract/status';
import { STORAGE_KEYS } from '@contract/user';
import { readJson, writeJson, writeString } from '../../api/storage';
import { useApi } from '../../api/ApiProvider';
import { useNotify } from '../../api/NotifyProvider';
import { useUser } from '../auth/UserProvider';

interface StatusContextValue {
  /** Last known status: the cached copy until the server answers. */
  status: PublicStatus | null;
  /** True once the server answered this session. */
  loaded: boolean;
}

const StatusContext = createContext<StatusContextValue>({ status: null, loaded: false });

export function StatusProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const userId = useUser().user?.id ?? 0;
  const [value, setValue] = useState<StatusContextValue>(() => ({
    status: readJson<PublicStatus>(STORAGE_KEYS.status),
    loaded: false,
  }));

  useEffect(() => {
    let alive = true;
    api.get<PublicStatus>('/api/status', { quiet: true }).then(
      (status) => {
        writeJson(STORAGE_KEYS.status, status);
        writeString(STORAGE_KEYS.footer, status.footer_html ?? '');
        if (alive) setValue({ status, loaded: true });
      },
      () => alive && notify.error(t('error.statusLoad')),
    );
    return () => {
      alive = false;
    };
    // Once per console instance and signed-in user (api and notify are stable); t only formats the failure text.
  }, [api, notify, userId]);

  const needsSetup = value.loaded && value.status?.setup === false;
  useEffect(() => {
    if (needsSetup && pathname !== '/setup') navigate('/setup', { replace: true });
  }, [needsSetup, pathname, navigate]);

  return <StatusContext.Provider value={value}>{children}</StatusContext.Provider>;
}

export const useStatus = (): StatusContextValue => useContext(StatusContext);
