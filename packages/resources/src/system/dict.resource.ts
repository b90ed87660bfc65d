import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';
import { dictShape } from './dict-fields.ts';

// System dictionaries: platform-wide, read by every tenant (their entries are declared in
// reference/dictionaries.ts and added on every start).
export const dict = defineResource({
  ...dictShape,
  name: 'dict',
  table: 'blade_dict',
  label: L('系统字典', 'System dictionary'),
  api: '/api/blade-system/dict',
  menu: { group: configGroup, icon: 'BookOutlined' },
  tenant: false,
});
