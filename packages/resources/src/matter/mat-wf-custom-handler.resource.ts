import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// A custom handler (自定义办理人): a named set of users and/or roles picked by hand for one step,
// offered as the step's candidates where the transactor rules (organisation, role, relative role
// by region) cannot say who handles it (a two-person review panel, a named expert). A set naming
// no one offers no one: the step's transactor rules apply alone. Saved with `save` / `update`.
export const matWfCustomHandler = defineResource({
  name: 'mat-wf-custom-handler',
  table: 'mat_wf_custom_handler',
  label: L('自定义办理人', 'Custom handlers'),
  api: '/api/dw-matter/matWfCustomHandler',
  menu: { group: matterGroup, icon: 'UsergroupAddOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  fields: {
    elementId: {
      type: 'string',
      ref: { resource: 'mat-wf-element', labelField: 'userTaskId', valueField: 'id' },
      label: L('环节', 'Step'),
      max: 19,
      required: true,
      search: 'equal',
      example: '1903000000000000115',
    },
    handlerName: { type: 'string', label: L('办理人组名称', 'Name'), max: 50, required: true, list: true, search: true },
    userIds: {
      type: 'multiRef',
      ref: { resource: 'user', labelField: 'realName' },
      label: L('办理人', 'Users'),
      list: { ellipsis: true },
      form: { span: 24 },
    },
    roleIds: {
      type: 'multiRef',
      ref: { resource: 'role', labelField: 'roleName' },
      label: L('办理角色', 'Roles'),
      list: { ellipsis: true },
      form: { span: 24 },
    },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
    note: { type: 'text', label: L('备注', 'Note'), max: 100, form: { span: 24 } },
  },
});
