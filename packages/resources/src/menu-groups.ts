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

/** Service-matter configuration (事项配置). */
export const matterGroup = defineMenuGroup({
  code: 'matter',
  label: L('事项配置', 'Service matters'),
  icon: 'FileTextOutlined',
  path: '/matter',
  order: 10,
});

/** Process models, deployments and running instances (流程管理). */
export const flowGroup = defineMenuGroup({
  code: 'flow',
  label: L('流程管理', 'Processes'),
  icon: 'ApartmentOutlined',
  path: '/flow',
  order: 20,
});

/** The signed-in user's work lists (我的事务). */
export const workGroup = defineMenuGroup({
  code: 'work',
  label: L('我的事务', 'My work'),
  icon: 'ScheduleOutlined',
  path: '/work',
  order: 21,
});

/** Every group, in order. */
export const menuGroups: MenuGroup[] = [systemGroup, matterGroup, flowGroup, workGroup];

export const menuGroupByCode = new Map(menuGroups.map((g) => [g.code, g]));
