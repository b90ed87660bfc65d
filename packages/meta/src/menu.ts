import type { Label } from './field-types.ts';

// Where screens sit in the menu. The server seeds the menu tree from these declarations and the
// web app routes each screen at its declared path, so moving a screen to another group is a change
// of its definition only. Icons are names of @ant-design/icons, kept as text so definitions stay
// free of React.

/** A top-level menu directory (系统管理 …), declared once; screens name it in their `menu`. */
export type MenuGroup = {
  /** The group's menu code, unique among all menu codes (`system`). */
  code: string;
  label: Label;
  /** An @ant-design/icons icon name (`SettingOutlined`). */
  icon: string;
  /** The path prefix of its screens (`/system`): a screen's default path is `<path>/<resource name>`. */
  path: string;
  /** Position among the groups (1 first). */
  order: number;
};

/** Where a resource's screen sits in the menu, as a definition declares it. */
export type MenuPlacement = {
  group: MenuGroup;
  /** The screen's path; default `<group path>/<resource name>`. */
  path?: string;
  /** An @ant-design/icons icon name; default `AppstoreOutlined`. */
  icon?: string;
  /** Position within the group; default its place among the group's screens in the registry. */
  order?: number;
};

/** A placement with its path and icon filled in. */
export type ScreenPlacement = { group: MenuGroup; path: string; icon: string; order?: number };

export const DEFAULT_SCREEN_ICON = 'AppstoreOutlined';

// Lower-case kebab segments: paths a menu row and the web router both take as they are.
const pathPattern = /^(\/[a-z0-9][a-z0-9-]*)+$/;
const iconPattern = /^[A-Z][A-Za-z0-9]*$/;

/** Declares a menu group (checked: path, icon name, order). */
export function defineMenuGroup(g: MenuGroup): MenuGroup {
  if (!/^[a-z][a-z0-9-]*$/.test(g.code)) throw new Error(`menu group ${g.code}: code must be lower-case kebab`);
  if (!pathPattern.test(g.path)) throw new Error(`menu group ${g.code}: path ${g.path} must be /kebab-case segments`);
  if (!iconPattern.test(g.icon)) throw new Error(`menu group ${g.code}: icon ${g.icon} must be an @ant-design/icons name`);
  if (!Number.isInteger(g.order) || g.order < 1) throw new Error(`menu group ${g.code}: order must be a positive whole number`);
  return g;
}

/** Fills in a resource's placement: its path and icon. */
export function placeScreen(name: string, m: MenuPlacement): ScreenPlacement {
  const path = m.path ?? `${m.group.path}/${name}`;
  const icon = m.icon ?? DEFAULT_SCREEN_ICON;
  if (!pathPattern.test(path)) throw new Error(`${name}: menu path ${path} must be /kebab-case segments`);
  if (!iconPattern.test(icon)) throw new Error(`${name}: menu icon ${icon} must be an @ant-design/icons name`);
  if (m.order !== undefined && (!Number.isInteger(m.order) || m.order < 1))
    throw new Error(`${name}: menu order must be a positive whole number`);
  return { group: m.group, path, icon, ...(m.order === undefined ? {} : { order: m.order }) };
}
