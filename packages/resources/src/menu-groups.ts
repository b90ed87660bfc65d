import { defineMenuGroup, type MenuGroup } from '@civdesk/meta';
import { L } from './labels.ts';

// The menu's top-level groups, declared once. A resource places its screen in one of them
// (`menu: { group: systemGroup }`); the seed creates each group that has a screen, in `order`.

export const systemGroup = defineMenuGroup({
  code: 'system',
  label: L('系统管理', 'System'),
  icon: 'SettingOutlined',
  path: '/system',
  order: 1,
});

/** Every group, in order. */
export const menuGroups: MenuGroup[] = [systemGroup];

export const menuGroupByCode = new Map(menuGroups.map((g) => [g.code, g]));
