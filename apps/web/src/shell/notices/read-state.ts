import { getStore, setStore } from '../../api/storage.ts';

// Which notices this browser has opened: a stored list of ids, per browser.
const KEY = 'noticeReadIds';
/** Enough for years of notices; the oldest ids are forgotten first. */
export const MAX_READ_IDS = 500;

export const readIds = (): string[] => getStore<string[]>(KEY) ?? [];

export function isRead(id: string, ids: string[] = readIds()): boolean {
  return ids.includes(String(id));
}

export function markRead(id: string): string[] {
  const ids = readIds().filter((x) => x !== String(id));
  ids.push(String(id));
  const kept = ids.slice(-MAX_READ_IDS);
  setStore(KEY, kept);
  return kept;
}

/** The bell's dot: any listed notice not read yet. */
export function hasUnread(list: { id: string }[], ids: string[] = readIds()): boolean {
  return list.some((n) => !ids.includes(String(n.id)));
}
