import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// Administrative divisions are national reference data shared by every tenant; only the platform
// tenant edits them. Level follows the `region` dictionary: 1 province … 5 village.
export const region = defineResource({
  name: 'region',
  table: 'blade_region',
  label: L('行政区划', 'Regions'),
  api: '/api/blade-system/region',
  menu: { group: systemGroup, icon: 'EnvironmentOutlined' },
  tenant: false,
  softDelete: true,
  // lazy-tree is the region's own (it also answers the BladeX parentCode form), and so is tree
  // (cached: the whole forest is large and the same for everyone).
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  tree: { parentField: 'parentId', titleField: 'name', lazy: true, levelField: 'regionLevel' },
  defaultSort: [{ field: 'code', dir: 'asc' }],
  fields: {
    parentId: { type: 'parent', label: L('上级区划', 'Parent'), form: { span: 24 } },
    code: { type: 'string', label: L('区划编号', 'Code'), max: 32, required: true, unique: true, list: true, search: true },
    name: { type: 'string', label: L('区划名称', 'Name'), max: 64, required: true, list: true, search: true },
    fullName: { type: 'string', label: L('区划全称', 'Full name'), max: 256, required: true, list: true },
    pycode: { type: 'string', label: L('拼音码', 'Pinyin code'), max: 64, required: true, list: true },
    regionLevel: { type: 'dict', dict: 'region', int: true, label: L('区划层级', 'Level'), list: true, search: 'equal' },
    areaId: { type: 'string', label: L('区域编号', 'Area ID'), max: 32 },
    fullPath: { type: 'string', label: L('全路径', 'Full path'), max: 512, form: { readOnly: true, span: 24 } },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
