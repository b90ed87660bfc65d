import { getStore, removeStore, setStore } from '../api/storage.ts';

/** An open page in the tab bar: the full location (path and query) and its title. */
export type Tab = { key: string; label: string; menuId?: string };

export const HOME_TAB: Tab = { key: '/wel/index', label: '' };

/** Opening a page adds its tab at the end, or updates the one already open. The home tab stays first. */
export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const list = tabs.some((t) => t.key === HOME_TAB.key) ? tabs : [HOME_TAB, ...tabs];
  const i = list.findIndex((t) => t.key === tab.key);
  if (i < 0) return [...list, tab];
  if (list[i].label === tab.label && list[i].menuId === tab.menuId) return list;
  return list.map((t, j) => (j === i ? { ...t, ...tab } : t));
}

/**
 * Closes one tab — never the last one. Returns the tabs and where to go when the active tab was
 * closed (its right neighbour, else its left).
 */
export function closeTab(tabs: Tab[], key: string, activeKey: string): { tabs: Tab[]; next?: string } {
  if (tabs.length <= 1) return { tabs };
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0) return { tabs };
  const rest = tabs.filter((t) => t.key !== key);
  if (key !== activeKey) return { tabs: rest };
  return { tabs: rest, next: (rest[i] ?? rest[i - 1]).key };
}

/** Keeps the home tab and the given one. */
export function closeOthers(tabs: Tab[], key: string): Tab[] {
  return tabs.filter((t) => t.key === key || t.key === HOME_TAB.key);
}

/** Back to the home tab alone. */
export function closeAll(tabs: Tab[]): Tab[] {
  return [tabs.find((t) => t.key === HOME_TAB.key) ?? HOME_TAB];
}

// Tabs survive a reload (Saber keeps them as `tagList`); logout clears them.
export const loadTabs = (): Tab[] => getStore<Tab[]>('tagList') ?? [];
export const saveTabs = (tabs: Tab[]) => setStore('tagList', tabs);
export const clearTabs = () => removeStore('tagList');
