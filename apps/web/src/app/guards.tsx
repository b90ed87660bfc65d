import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken, mustChangePassword, onSessionChange } from '../api/session.ts';
import { isLocked } from '../shell/lock/lock-state.ts';

export function useToken(): string | undefined {
  return useSyncExternalStore(onSessionChange, getToken);
}

export const CHANGE_PASSWORD_PATH = '/changepwd';

/**
 * Without a token every authenticated path goes to /login; a locked screen goes to
 * /lock; on an initial password every one but /changepwd goes there.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const { pathname } = useLocation();
  if (!token) return <Navigate to="/login" replace />;
  if (isLocked()) return <Navigate to="/lock" replace />;
  if (mustChangePassword() && pathname !== CHANGE_PASSWORD_PATH) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return children;
}

/**
 * A signed-in user who opens /login is sent to /, unless a third-party application's
 * authorization request (`?authorize=`) brought them: the login page answers it.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const authorizing = new URLSearchParams(useLocation().search).has('authorize');
  return useToken() && !authorizing ? <Navigate to="/" replace /> : children;
}
