import { defineResource, type FieldDef } from '@civdesk/meta';
import { L } from '../labels.ts';

// Data scopes (which rows) and API scopes (which calls) hang under a menu and are granted to roles
// (blade_role_scope, category 1 data / 2 API; contract §5). Both are platform-wide definitions.
const menuRef: FieldDef = { type: 'ref', ref: { resource: 'menu', labelField: 'name' }, label: L('所属菜单', 'Menu'), required: true };

export const dataScope = defineResource({
  name: 'data-scope',
  table: 'blade_scope_data',
  label: L('数据权限', 'Data scopes'),
  api: '/api/blade-system/data-scope',
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
    scopeClass: { type: 'string', label: L('权限类名', 'Mapper method'), max: 500 },
    // The column compared; empty = the resource's default for the type.
    scopeColumn: { type: 'string', label: L('权限字段名', 'Column'), max: 64, list: true, example: 'create_user' },
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

export const apiScope = defineResource({
  name: 'api-scope',
  table: 'blade_scope_api',
  label: L('接口权限', 'API scopes'),
  api: '/api/blade-system/api-scope',
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'resourceCode', dir: 'asc' }],
  indexes: [['menuId']],
  fields: {
    menuId: menuRef,
    // A permission code the scope grants (any route demanding it passes).
    resourceCode: { type: 'string', label: L('权限编号', 'Permission code'), max: 64, required: true, list: true, search: true },
    scopeName: { type: 'string', label: L('接口名称', 'Name'), max: 64, required: true, list: true, search: true },
    // Calls it grants: an exact path, or a prefix ending in /** (e.g. /api/blade-system/post/**).
    scopePath: {
      type: 'string',
      label: L('接口地址', 'Path'),
      max: 255,
      required: true,
      list: true,
      search: true,
      example: '/api/blade-system/post/**',
    },
    scopeType: {
      type: 'dict',
      dict: 'api_scope_type',
      int: true,
      label: L('接口类型', 'API type'),
      required: true,
      list: true,
      search: 'equal',
    },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
