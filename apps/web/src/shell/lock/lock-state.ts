import { getStore, removeStore, setStore } from '../../api/storage.ts';

// The lock screen: a flag and the lock password the user chose, kept in this browser.
export const LOCK_DELAY = 100;

export const isLocked = (): boolean => getStore<boolean>('isLock') === true;
export const lockPassword = (): string | undefined => getStore<string>('lockPasswd') || undefined;

export function setLockPassword(p: string): void {
  setStore('lockPasswd', p);
}
/** Locks the screen; `from` is the page to return to once unlocked. */
export function lock(from?: string): void {
  setStore('isLock', true);
  if (from) setStore('lockFrom', from);
}
/** Where unlocking returns: the page that was locked, else home. */
export const lockedFrom = (): string => getStore<string>('lockFrom') || '/';
/** Unlocks when the password matches. */
export function unlock(p: string): boolean {
  if (!p || p !== lockPassword()) return false;
  removeStore('isLock');
  return true;
}
export function clearLock(): void {
  removeStore('isLock');
  removeStore('lockFrom');
  removeStore('lockPasswd');
}
