import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

export const role = defineResource({
  name: 'role',
  table: 'blade_role',
  label: L('角色管理', 'Roles'),
  api: '/api/blade-system/role',
  menu: { group: authorityGroup, icon: 'SolutionOutlined' },
  tenant: true,
  softDelete: true,
  tree: { parentField: 'parentId', titleField: 'roleName' },
  builtIn: 'isSystem',
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  buttons: [{ action: 'grant', label: L('权限设置', 'Grant') }],
  fields: {
    parentId: { type: 'parent', label: L('上级角色', 'Parent role') },
    roleName: { type: 'string', label: L('角色名称', 'Role name'), max: 64, required: true, list: true, search: true },
    roleAlias: { type: 'string', label: L('角色别名', 'Role alias'), max: 64, required: true, unique: true, list: true, search: true },
    sort: { type: 'order', label: L('角色排序', 'Order'), max: 2, required: true, list: true },
    // A role's area is a region of level 4 (township or street).
    areaId: {
      type: 'ref',
      ref: {
        resource: 'region',
        labelField: 'name',
        only: {
          field: 'regionLevel',
          value: 4,
          message: L('所属区域只能选择乡镇街道级（第4级）区划', 'The area must be a level-4 region (township or street)'),
        },
      },
      label: L('所属区域', 'Area'),
    },
    isSystem: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('系统内置', 'Built-in'), serverOnly: true, list: true },
  },
});
