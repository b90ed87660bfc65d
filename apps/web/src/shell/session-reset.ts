import { onSessionBoundary } from '../api/session.ts';
import { queryClient } from '../app/query-client.ts';
import { clearLock } from './lock/lock-state.ts';
import { clearTabs } from './tabs.ts';

/**
 * What one user leaves in this browser — open tabs (and with them the kept-alive pages), the lock
 * and its password, the cached calls (menus, routes, lists). The session layer clears the stored
 * part itself whenever a session ends or another user signs in; the shell registers the in-memory
 * cache here, so the next user never starts on someone else's tabs, lock screen or lists.
 */
export function resetUserState(): void {
  clearTabs();
  clearLock();
  queryClient.clear();
}

let registered = false;
/** Registered once, when the shell (which owns the call cache) loads. */
export function resetOnSessionBoundary(): void {
  if (registered) return;
  registered = true;
  onSessionBoundary(() => queryClient.clear());
}
