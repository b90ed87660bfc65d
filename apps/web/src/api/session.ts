import { getStore, getStoreEntry, removeCookie, removeStore, setCookie, setStore } from './storage.ts';

/** Cookie names BladeX clients use; the server reads the access token from one only for files opened by link. */
export const ACCESS_COOKIE = 'saber-access-token';
export const REFRESH_COOKIE = 'saber-refresh-token';

/** What the token endpoint answers on success (a bare object in snake_case). */
export type TokenAnswer = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name?: string;
  avatar?: string;
  /** The user signs in with an initial password and must change it first. */
  init_password?: boolean;
};

export type UserInfo = Omit<TokenAnswer, 'access_token' | 'refresh_token'>;

const listeners = new Set<() => void>();

/** Lets React re-render when the session changes outside it (401 in the request layer). */
export function onSessionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const notify = () => {
  for (const fn of listeners) fn();
};

export const getToken = (): string | undefined => getStore<string>('token') || undefined;
/** The stored token with the time it was saved (the refresh check reads its age). */
export const getStoreEntryOfToken = () => getStoreEntry<string>('token');
export const getRefreshToken = (): string | undefined => getStore<string>('refreshToken') || undefined;
export const getTenantId = (): string | undefined => getStore<string>('tenantId') || undefined;
export const getUserInfo = (): UserInfo | undefined => getStore<UserInfo>('userInfo');

/** Signed in on an initial password: every authenticated route leads to /changepwd until it is changed. */
export const mustChangePassword = (): boolean => getUserInfo()?.init_password === true;

const boundaries = new Set<() => void>();

/**
 * Runs when one user's session ends or another's begins: a logout, a forced one (401), a sign-in
 * that is not the stored user's refresh. The user's tabs and lock are cleared then; the shell adds
 * its in-memory call cache, so the next user on the same browser starts clean.
 */
export function onSessionBoundary(fn: () => void): () => void {
  boundaries.add(fn);
  return () => boundaries.delete(fn);
}

/**
 * What the shell keeps per user in this browser beside the session: the open tabs (shell/tabs.ts)
 * and the lock with its password (shell/lock/lock-state.ts). Cleared here, with the session, so that
 * no page has to be loaded for it (session-reset.test.tsx holds the names to those modules).
 */
const USER_KEYS = ['tagList', 'isLock', 'lockFrom', 'lockPasswd'];

const crossBoundary = () => {
  for (const k of USER_KEYS) removeStore(k);
  for (const fn of boundaries) fn();
};

/** The same account of the same tenant (a refresh, a password change, a department or role switch). */
const sameUser = (before: UserInfo | undefined, after: UserInfo) =>
  before !== undefined && before.user_id === after.user_id && before.tenant_id === after.tenant_id;

export function saveSession(answer: TokenAnswer): void {
  const { access_token, refresh_token, ...info } = answer;
  if (!getToken() || !sameUser(getUserInfo(), info)) crossBoundary();
  setStore('token', access_token);
  setStore('refreshToken', refresh_token);
  setStore('tenantId', answer.tenant_id);
  setStore('userInfo', info);
  // The access cookie lets an <img> or a link open a stored file or an export (the server reads it
  // there and nowhere else); the refresh token is never sent by cookie (clearSession removes old ones).
  setCookie(ACCESS_COOKIE, access_token);
  notify();
}

export function clearSession(): void {
  crossBoundary();
  for (const k of ['token', 'refreshToken', 'tenantId', 'userInfo']) removeStore(k);
  removeCookie(ACCESS_COOKIE);
  removeCookie(REFRESH_COOKIE);
  notify();
}

/** Updates the stored user info after a profile change (name, avatar), keeping the session. */
export function updateUserInfo(patch: Partial<UserInfo>): void {
  const info = getUserInfo();
  if (!info) return;
  setStore('userInfo', { ...info, ...patch });
  notify();
}

/** Re-reads the stored user info (components subscribe with onSessionChange). */
export const userInfoSnapshot = (): string => JSON.stringify(getUserInfo() ?? null);
