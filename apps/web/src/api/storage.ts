// Browser storage in the Saber shape: every key carries a site prefix and every
// value is wrapped as {dataType, content, datetime} so its age can be read back (token refresh).
export const STORAGE_PREFIX = 'civdesk-';

type Stored<T> = { dataType: string; content: T; datetime: number };

export function setStore<T>(name: string, content: T): void {
  const value: Stored<T> = { dataType: typeof content, content, datetime: Date.now() };
  localStorage.setItem(STORAGE_PREFIX + name, JSON.stringify(value));
}

export function getStoreEntry<T>(name: string): Stored<T> | undefined {
  const raw = localStorage.getItem(STORAGE_PREFIX + name);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Stored<T>;
  } catch {
    return undefined; // a foreign or corrupted value counts as absent
  }
}

export function getStore<T>(name: string): T | undefined {
  return getStoreEntry<T>(name)?.content;
}

export function removeStore(name: string): void {
  localStorage.removeItem(STORAGE_PREFIX + name);
}

// The spec fixes the token cookie's name (the server reads it only for files opened by link); the
// Cookie Store API is not in every browser the back-office supports, so these write document.cookie
// directly. Strict: no other site's page or link sends it; Secure whenever the app is on HTTPS.
export function setCookie(name: string, value: string): void {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict${secure}`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
