import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';
import { menuRef } from './scope-fields.ts';

// Data scopes: which rows a role sees of a resource (type 1 all … 5 custom rule).
export const dataScope = defineResource({
  name: 'data-scope',
  table: 'blade_scope_data',
  label: L('数据权限', 'Data scopes'),
  api: '/api/blade-system/data-scope',
  menu: { group: authorityGroup, icon: 'FilterOutlined' },
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'resourceCode', dir: 'asc' }],
  indexes: [['menuId']],
  fields: {
    menuId: menuRef,
    // The resource whose rows it filters (its name, e.g. `post`).
    resourceCode: {
      type: 'string',
      label: L('权限编号', 'Resource code'),
      max: 64,
      required: true,
      list: true,
      search: true,
      example: 'post',
    },
    scopeName: { type: 'string', label: L('权限名称', 'Name'), max: 64, required: true, list: true, search: true },
    scopeField: { type: 'string', label: L('权限字段', 'Visible fields'), max: 255, default: '*' },
    scopeClass: { type: 'string', label: L('权限类名', 'Mapper method'), max: 500, required: true },
    // The column compared (the spec requires it; rows seeded without one use the resource's default for the type).
    scopeColumn: { type: 'string', label: L('权限字段名', 'Column'), max: 64, required: true, list: true, example: 'create_user' },
    scopeType: {
      type: 'dict',
      dict: 'data_scope_type',
      example: 2,
      int: true,
      label: L('规则类型', 'Rule type'),
      required: true,
      list: true,
      search: 'equal',
    },
    // Custom rule (type 5): the allowed values of the column, comma-separated ids or ${userId}/${deptId}.
    scopeValue: { type: 'string', label: L('规则值', 'Rule value'), max: 2000, form: { span: 24 } },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
