import type { Label, Lang, Resource } from '@civdesk/meta';
import { registry } from '@civdesk/resources';

export type MenuEntry = { key: string; path: string; label: Label };
export type MenuGroup = { key: string; label: Label; children: MenuEntry[] };

export const HOME_PATH = '/wel/index';

export const homeEntry: MenuEntry = { key: 'home', path: HOME_PATH, label: { zh: '首页', en: 'Home' } };

/** Resources that have a list screen (a later issue takes the menu from the server instead). */
export const listedResources: Resource[] = registry.filter((r) => r.routes.includes('page') || r.routes.includes('list'));

export const resourcePath = (r: Resource) => `/system/${r.name}`;

export const systemGroup: MenuGroup = {
  key: 'system',
  label: { zh: '系统管理', en: 'System' },
  children: listedResources.map((r) => ({ key: r.name, path: resourcePath(r), label: r.label })),
};

const allEntries = [homeEntry, ...systemGroup.children];

/** The menu entry a path belongs to (the page title is its name). */
export function activeEntry(pathname: string): MenuEntry | undefined {
  return allEntries.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
}

export function menuLabel(pathname: string, lang: Lang): string | undefined {
  return activeEntry(pathname)?.label[lang];
}
