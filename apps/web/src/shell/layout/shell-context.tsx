import type { Lang } from '@civdesk/meta';
import { menuGroupByCode, resourceByPath, screenByPath } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { getUserInfo } from '../../api/session.ts';
import { fetchRoutes } from '../../api/shell.ts';
import { buildMenu, type MenuItem, pathPart, type ServerMenu } from '../menu-model.ts';

/** What the sidebar shows: the user's whole menu, one top menu's part, or the desk. */
export type SideMode = { kind: 'all' } | { kind: 'top'; topMenuId: string } | { kind: 'desk' };

type Shell = {
  items: MenuItem[];
  loading: boolean;
  mode: SideMode;
  setMode: (m: SideMode) => void;
  /** Every menu item the user has (search, titles, the menu route), whatever the sidebar shows. */
  allItems: MenuItem[];
};

const Ctx = createContext<Shell | null>(null);

export function useShell(): Shell {
  const c = useContext(Ctx);
  if (!c) throw new Error('useShell outside the shell');
  return c;
}

const rolesOfUser = () =>
  String(getUserInfo()?.role_name ?? '')
    .split(',')
    .filter(Boolean);

export function ShellProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<SideMode>({ kind: 'all' });
  const all = useQuery({ queryKey: ['menu-routes', ''], queryFn: () => fetchRoutes(), staleTime: Number.POSITIVE_INFINITY });
  const topId = mode.kind === 'top' ? mode.topMenuId : '';
  const top = useQuery({
    queryKey: ['menu-routes', topId],
    queryFn: () => fetchRoutes(topId),
    enabled: Boolean(topId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const allItems = useMemo(() => buildMenu((all.data ?? []) as ServerMenu[], rolesOfUser()), [all.data]);
  const topItems = useMemo(() => buildMenu((top.data ?? []) as ServerMenu[], rolesOfUser()), [top.data]);
  const value = useMemo<Shell>(
    () => ({
      items: mode.kind === 'top' ? topItems : mode.kind === 'desk' ? [] : allItems,
      loading: all.isLoading || (mode.kind === 'top' && top.isLoading),
      mode,
      setMode,
      allItems,
    }),
    [mode, topItems, allItems, all.isLoading, top.isLoading],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/**
 * A menu item's name in the UI language: a resource's screen, a declared screen and a menu group carry an English
 * label in their definitions; other entries (added by administrators) show their name.
 */
export function labelOf(item: MenuItem, lang: Lang): string {
  if (lang === 'zh') return item.name;
  const path = pathPart(item.rawPath);
  const label = (resourceByPath.get(path) ?? screenByPath.get(path))?.label ?? menuGroupByCode.get(item.code)?.label;
  return label?.[lang] ?? item.name;
}
