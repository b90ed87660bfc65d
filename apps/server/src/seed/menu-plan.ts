import { type Button, buttonsOf, type MenuGroup, type Resource, type Screen, type ScreenPlacement } from '@civdesk/meta';

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
  /** The declared screen (not a resource) a menu opens (for its API scope). */
  screen?: Screen;
};

export type MenuPlan = { groups: MenuGroup[]; menus: PlannedMenu[] };

type Placed = { code: string; label: Resource['label']; m: ScreenPlacement; buttons: Button[]; resource?: Resource; screen?: Screen };

/**
 * The plan of a registry and the declared screens: groups by `order`, then the resources' screens
 * in registry order, then the declared screens, each with its buttons. A screen's sort is its
 * `menu.order`, else its place among its group's screens. A group without screens is left out (no
 * empty directory in the sidebar) unless listed in `always`.
 */
export function menuPlan(registry: readonly Resource[], always: readonly MenuGroup[] = [], screens: readonly Screen[] = []): MenuPlan {
  const placed: Placed[] = [
    ...registry.flatMap((r) => (r.menu ? [{ code: r.name, label: r.label, m: r.menu, buttons: buttonsOf(r), resource: r }] : [])),
    ...screens.map((s) => ({ code: s.name, label: s.label, m: s.menu, buttons: s.buttons, screen: s })),
  ];
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
  for (const { code, label, m, buttons, resource, screen } of placed) {
    const nth = (countIn.get(m.group) ?? 0) + 1;
    countIn.set(m.group, nth);
    menus.push({
      code,
      parent: m.group.code,
      name: label.zh,
      alias: 'menu',
      path: m.path,
      source: m.icon,
      sort: m.order ?? nth,
      category: 1,
      ...(resource ? { resource } : {}),
      ...(screen ? { screen } : {}),
    });
    let b = 1;
    for (const button of buttons) {
      menus.push({
        code: button.code,
        parent: code,
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
