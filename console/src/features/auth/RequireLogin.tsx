import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useUser } from './UserProvider';

/** Login-protected pages send visitors without a stored user to /login (spec 1 §2). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useUser();
  return user ? <>{children}</> : <Navigate to="/login" replace />;
}
