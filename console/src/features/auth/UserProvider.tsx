// The signed-in user: kept in localStorage under `user` (spec 1 §7) and mirrored in React state.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, type LoginUser } from '@contract/user';
import { readJson, removeKey, writeJson } from '../../api/storage';

interface UserContextValue {
  user: LoginUser | null;
  setUser(user: LoginUser | null): void;
}

const UserContext = createContext<UserContextValue | null>(null);

export const readStoredUser = (): LoginUser | null => {
  const user = readJson<LoginUser>(STORAGE_KEYS.user);
  return user && typeof user.id === 'number' ? user : null;
};

export function UserProvider({ children }: { children: ReactNode }) {
  const [user, setState] = useState<LoginUser | null>(readStoredUser);
  const setUser = useCallback((next: LoginUser | null) => {
    if (next) writeJson(STORAGE_KEYS.user, next);
    else removeKey(STORAGE_KEYS.user);
    setState(next);
  }, []);
  const value = useMemo(() => ({ user, setUser }), [user, setUser]);
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserContextValue {
  const ctx = useContext(UserContext);
  if (!ctx) throw new Error('UserProvider is missing');
  return ctx;
}
