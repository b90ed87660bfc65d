import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// The read-only statements that fill a print template (menuId: the template they belong to); run
// by modules/sql-runner with bound parameters inside the caller's tenant.
export const matPrintSql = defineResource({
  name: 'mat-print-sql',
  table: 'mat_print_sql',
  label: L('打印SQL', 'Print SQL'),
  api: '/api/dw-matter/matPrintSql',
  menu: { group: matterGroup, icon: 'ConsoleSqlOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  indexes: [['menuId']],
  fields: {
    menuId: {
      type: 'ref',
      ref: { resource: 'mat-print-template', labelField: 'templateName' },
      label: L('所属模板', 'Template'),
      list: true,
      search: 'equal',
    },
    name: { type: 'string', label: L('名称', 'Name'), max: 100, required: true, list: true, search: true },
    orderNumber: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    sql: {
      type: 'text',
      label: L('SQL语句', 'SQL'),
      max: 10000,
      required: true,
      list: { ellipsis: true },
      form: { span: 24 },
      example: 'select real_name as "realName" from blade_user where id = :userId',
    },
    note: { type: 'string', label: L('备注', 'Note'), max: 100, form: { span: 24 } },
  },
});
