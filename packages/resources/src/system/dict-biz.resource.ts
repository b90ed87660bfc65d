import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';
import { dictShape } from './dict-fields.ts';

// Business dictionaries: each tenant keeps its own.
export const dictBiz = defineResource({
  ...dictShape,
  name: 'dict-biz',
  table: 'blade_dict_biz',
  label: L('业务字典', 'Business dictionary'),
  api: '/api/blade-system/dict-biz',
  menu: { group: configGroup, icon: 'ReadOutlined' },
  tenant: true,
});
