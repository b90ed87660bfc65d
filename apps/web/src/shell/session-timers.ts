import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { checkRefresh, refreshToken, TOKEN_TIME, tokenAge } from '../api/shell.ts';
import { toastError } from '../api/toast.ts';
import { i18n } from '../i18n/index.ts';
import { logout } from './logout.ts';

/** Refresh check every 10 s, overtime poll every 60 s. */
export const REFRESH_CHECK_MS = 10_000;
export const OVERTIME_POLL_MS = 60_000;

/** One refresh at a time; the check runs again 10 s later anyway. */
let refreshing = false;
export async function refreshIfDue(now = Date.now()): Promise<boolean> {
  if (refreshing || tokenAge(now) < TOKEN_TIME) return false;
  refreshing = true;
  try {
    await refreshToken();
    return true;
  } catch {
    return false; // a refused refresh token ends in a 401 on the next call
  } finally {
    refreshing = false;
  }
}

/** The two session timers of the signed-in shell. */
export function useSessionTimers() {
  // The router's navigate changes with every location; the timers must not restart on each page.
  const nav = useNavigate();
  const navigate = useRef(nav);
  navigate.current = nav;
  useEffect(() => {
    const refresh = setInterval(() => void refreshIfDue(), REFRESH_CHECK_MS);
    const overtime = setInterval(async () => {
      try {
        const { overMax } = await checkRefresh();
        if (!overMax) return;
        toastError(i18n.t('shell.overtime'));
        await logout();
        navigate.current('/login', { replace: true });
      } catch {
        // a failed poll is retried a minute later
      }
    }, OVERTIME_POLL_MS);
    return () => {
      clearInterval(refresh);
      clearInterval(overtime);
    };
  }, []);
}
