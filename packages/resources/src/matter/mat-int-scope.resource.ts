import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// Where a form or a matter applies (适用范围): one row per region (and optionally role) a form or
// matter item is offered in. No rows for a target means it applies everywhere in the tenant.
export const matIntScope = defineResource({
  name: 'mat-int-scope',
  table: 'mat_int_scope',
  label: L('适用范围', 'Scopes'),
  api: '/api/dw-matter/matIntScope',
  menu: { group: matterGroup, icon: 'RadiusSettingOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    scopeType: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('表单', 'Form') },
        { value: 2, label: L('事项', 'Matter') },
      ],
      label: L('范围对象', 'Applies to'),
      required: true,
      example: 1, // fits targetId's example, a form
      list: true,
      search: 'equal',
    },
    targetId: {
      type: 'string',
      label: L('对象编号', 'Target ID'),
      max: 32,
      required: true,
      list: true,
      search: 'equal',
      example: '1902000000000000001', // the demo relief application form
    },
    regionId: { type: 'ref', ref: { resource: 'region', labelField: 'name' }, label: L('适用区划', 'Region'), required: true, list: true },
    roleId: { type: 'ref', ref: { resource: 'role', labelField: 'roleName' }, label: L('适用角色', 'Role'), list: true },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, list: { ellipsis: true }, form: { span: 24 } },
  },
});
