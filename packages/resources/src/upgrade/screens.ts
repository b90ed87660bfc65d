import { defineScreen } from '@civdesk/meta';
import { L } from '../labels.ts';
import { configGroup, monitorGroup } from '../menu-groups.ts';

// The upgrade screens that are not a resource's list: the record of each server upgrade, the page
// shown while one runs, and the database versions on a page of their own. Their calls are under
// /api/blade-upgrade; each demands the screen's own code (or the version log's view button). The
// server's upgrades concern every tenant, so no built-in role is granted them: only the platform
// administrator (who holds every grant) and roles an administrator grants them to.

export const upgradeRecordScreen = defineScreen({
  name: 'upgrade_record',
  label: L('升级记录', 'Upgrade records'),
  menu: { group: monitorGroup, path: '/upgrades/record', icon: 'CloudOutlined' },
  api: '/api/blade-upgrade/upgrade',
});

export const upgradeFrameScreen = defineScreen({
  name: 'upgrade_frame',
  label: L('系统升级', 'System upgrade'),
  menu: { group: monitorGroup, path: '/upgrade-frame', icon: 'WarningOutlined' },
  api: '/api/blade-upgrade/upgrade',
});

export const dbVersionsScreen = defineScreen({
  name: 'dbversions',
  label: L('数据库版本', 'Database versions'),
  menu: { group: monitorGroup, path: '/dbversions/manager', icon: 'MonitorOutlined' },
  api: '/api/blade-upgrade/dbversions',
});

// The dictionary screen in two fixed layouts: the same calls and buttons as the system dictionary
// (its list, entries and permissions), only arranged differently.
export const dictHorizontalScreen = defineScreen({
  name: 'dict_horizontal',
  label: L('字典管理（横向）', 'Dictionaries (side by side)'),
  menu: { group: configGroup, path: '/dict-horizontal/index', icon: 'InsertRowLeftOutlined' },
  grants: { admin: 'all' },
});

export const dictVerticalScreen = defineScreen({
  name: 'dict_vertical',
  label: L('字典管理（纵向）', 'Dictionaries (stacked)'),
  menu: { group: configGroup, path: '/dict-vertical/index', icon: 'InsertRowAboveOutlined' },
  grants: { admin: 'all' },
});

export const upgradeScreens = [upgradeRecordScreen, upgradeFrameScreen, dbVersionsScreen, dictHorizontalScreen, dictVerticalScreen];
