// The signed-in user's own record for the personal tab's cards: loaded once, reloaded after a change.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SelfUser } from '@contract/user';
import { useApi } from '../../../api/ApiProvider';
import { selfApi, type SelfApi } from './self.api';

interface SelfUserValue {
  self: SelfUser | null;
  failed: boolean;
  /** Increments on every reload; cards keyed on it start fresh. */
  version: number;
  reload(): void;
  api: SelfApi;
}

const SelfUserContext = createContext<SelfUserValue | null>(null);

export function SelfUserProvider({ children }: { children: ReactNode }) {
  const client = useApi();
  const api = useMemo(() => selfApi(client), [client]);
  const [self, setSelf] = useState<SelfUser | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let alive = true;
    client.get<SelfUser>('/api/user/self', { quiet: true }).then(
      (u) => alive && (setSelf(u), setFailed(false)),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [client, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const value = useMemo(() => ({ self, failed, version, reload, api }), [self, failed, version, reload, api]);
  return <SelfUserContext.Provider value={value}>{children}</SelfUserContext.Provider>;
}

export function useSelfUser(): SelfUserValue {
  const ctx = useContext(SelfUserContext);
  if (!ctx) throw new Error('SelfUserProvider is missing');
  return ctx;
}
