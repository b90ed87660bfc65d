import { buttonsOf, type MenuGroup, type Resource } from '@civdesk/meta';

// The menu tree as the definitions declare it, before any database: one top-level menu per group
// that has a screen, each resource's screen under its group (path, icon, order from its `menu`),
// its buttons under the screen. The seed writes it (permissions.ts); being pure, it is tested
// without a database.

/** Where a button shows (dictionary button_func): add on the toolbar, delete on both, the rest per row. */
const placement: Record<string, number> = { add: 0, delete: 2 };

/** One blade_menu row to be: `parent` is the parent's code (null: top level). */
export type PlannedMenu = {
  code: string;
  parent: string | null;
  name: string;
  alias: string;
  path: string;
  /** The icon (an @ant-design/icons name); buttons have none. */
  source?: string;
  sort: number;
  category: 1 | 2;
  action?: number;
  /** The resource a screen menu opens (for its scopes). */
  resource?: Resource;
};

export type MenuPlan = { groups: MenuGroup[]; menus: PlannedMenu[] };

/**
 * The plan of a registry: groups by `order`, then the screens in registry order with their
 * buttons. A screen's sort is its `menu.order`, else its place among its group's screens. A group
 * without screens is left out (no empty directory in the sidebar) unless listed in `always`.
 */
export function menuPlan(registry: readonly Resource[], always: readonly MenuGroup[] = []): MenuPlan {
  const placed = registry.flatMap((r) => (r.menu ? [{ r, m: r.menu }] : []));
  const groups = [...new Set([...always, ...placed.map((p) => p.m.group)])].sort((a, b) => a.order - b.order);
  const menus: PlannedMenu[] = groups.map((g) => ({
    code: g.code,
    parent: null,
    name: g.label.zh,
    alias: 'menu',
    path: g.path,
    source: g.icon,
    sort: g.order,
    category: 1,
  }));
  const countIn = new Map<MenuGroup, number>();
  for (const { r, m } of placed) {
    const nth = (countIn.get(m.group) ?? 0) + 1;
    countIn.set(m.group, nth);
    menus.push({
      code: r.name,
      parent: m.group.code,
      name: r.label.zh,
      alias: 'menu',
      path: m.path,
      source: m.icon,
      sort: m.order ?? nth,
      category: 1,
      resource: r,
    });
    let b = 1;
    for (const button of buttonsOf(r)) {
      menus.push({
        code: button.code,
        parent: r.name,
        name: button.label.zh,
        alias: button.action,
        path: `${m.path}/${button.action}`,
        sort: b++,
        category: 2,
        action: placement[button.action] ?? 1,
      });
    }
  }
  return { groups, menus };
}
