import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';
import { menuRef } from './scope-fields.ts';

// API scopes: which calls a role may make, by path or permission code.
export const apiScope = defineResource({
  name: 'api-scope',
  table: 'blade_scope_api',
  label: L('接口权限', 'API scopes'),
  api: '/api/blade-system/api-scope',
  menu: { group: authorityGroup, icon: 'ApiOutlined' },
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
