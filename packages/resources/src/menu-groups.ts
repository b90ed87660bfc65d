import { defineMenuGroup, type MenuGroup } from '@civdesk/meta';
import { L } from './labels.ts';

// The menu's top-level groups, declared once. A resource places its screen in one of them
// (`menu: { group: systemGroup }`); the seed creates each group that has a screen, in `order`.
//
// The console's own screens are split the way administrators of such consoles expect (系统管理,
// 权限管理, 系统配置, 日志管理, 系统监控). They share the /system address, so their screens keep the
// /system/<name> address they always had: bookmarks, saved tabs and upgraded databases keep working.

/** Organisation, tenants and shared reference data (系统管理). */
export const systemGroup = defineMenuGroup({
  code: 'system',
  label: L('系统管理', 'System'),
  icon: 'SettingOutlined',
  path: '/system',
  order: 1,
});

/** Roles, menus, data and API scopes, client applications, sign-in rules (权限管理). */
export const authorityGroup = defineMenuGroup({
  code: 'authority',
  label: L('权限管理', 'Access control'),
  icon: 'SafetyCertificateOutlined',
  path: '/system',
  order: 2,
});

/** Dictionaries, parameters, calendars and the integrations' settings (系统配置). */
export const configGroup = defineMenuGroup({
  code: 'config',
  label: L('系统配置', 'Configuration'),
  icon: 'ControlOutlined',
  path: '/system',
  order: 3,
});

/** What happened: sign-ins, calls, audits, messages sent (日志管理). */
export const logGroup = defineMenuGroup({
  code: 'log',
  label: L('日志管理', 'Logs'),
  icon: 'FileSearchOutlined',
  path: '/system',
  order: 4,
});

/** Errors on the server and in browsers, and the versions deployed (系统监控). */
export const monitorGroup = defineMenuGroup({
  code: 'monitor',
  label: L('系统监控', 'Monitoring'),
  icon: 'DashboardOutlined',
  path: '/system',
  order: 5,
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

/** A case worker's applications: launch, todo, done, finished (审批办理). */
export const approveGroup = defineMenuGroup({
  code: 'approve',
  label: L('审批办理', 'Approvals'),
  icon: 'HeartOutlined',
  path: '/matters',
  order: 22,
});

/** Custom SQL queries, their conditions and result columns, report templates (自定义查询). */
export const queryGroup = defineMenuGroup({
  code: 'query',
  label: L('自定义查询', 'Custom queries'),
  icon: 'SearchOutlined',
  path: '/query',
  order: 11,
});

/** Developer tools: code models and the code generator (研发工具). */
export const developGroup = defineMenuGroup({
  code: 'develop',
  label: L('研发工具', 'Development'),
  icon: 'ToolOutlined',
  path: '/tool',
  order: 6,
});

/** The console's own groups: one top menu (系统管理) opens all of them. */
export const consoleGroups: MenuGroup[] = [systemGroup, authorityGroup, configGroup, logGroup, monitorGroup];

/** Every group, in order. */
export const menuGroups: MenuGroup[] = [...consoleGroups, developGroup, matterGroup, queryGroup, flowGroup, workGroup, approveGroup];

/** The group whose top menu shows a group in the sidebar: 系统管理 for the console's groups, else itself. */
export const topGroupOf = (g: MenuGroup): MenuGroup => (consoleGroups.includes(g) ? systemGroup : g);

export const menuGroupByCode = new Map(menuGroups.map((g) => [g.code, g]));
