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

/** Closes the tabs left (or right) of the given one; the home tab stays. */
export function closeSide(tabs: Tab[], key: string, side: 'left' | 'right'): Tab[] {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0) return tabs;
  return tabs.filter((t, j) => t.key === HOME_TAB.key || (side === 'left' ? j >= i : j <= i));
}

// Tabs survive a reload (Saber keeps them as `tagList`); logout clears them. The kept-alive pages
// follow the tabs through these events.
const TABS_EVENT = 'civdesk-tabs';
const REFRESH_EVENT = 'civdesk-tab-refresh';
export const loadTabs = (): Tab[] => getStore<Tab[]>('tagList') ?? [];
export const saveTabs = (tabs: Tab[]) => {
  setStore('tagList', tabs);
  window.dispatchEvent(new Event(TABS_EVENT));
};
export const clearTabs = () => removeStore('tagList');
export function onTabsChange(f: () => void): () => void {
  window.addEventListener(TABS_EVENT, f);
  return () => window.removeEventListener(TABS_EVENT, f);
}
/** Remounts a tab's page (刷新). */
export const refreshTab = (key: string) => window.dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail: key }));
export function onTabRefresh(f: (key: string) => void): () => void {
  const h = (e: Event) => f(String((e as CustomEvent).detail));
  window.addEventListener(REFRESH_EVENT, h);
  return () => window.removeEventListener(REFRESH_EVENT, h);
}
