import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// An export template (导出模板): which resource's list to export, which of its listed fields become
// columns (with headers the administrator may rename) and the list filters applied, as the
// resource's own query map. `doExport` runs it as a background job (export-file); the server checks
// resource, columns and filters on every write (modules/export).
export const exportTemplate = defineResource({
  name: 'export-template',
  table: 'dw_export_template',
  label: L('导出模板', 'Export templates'),
  api: '/api/dw-widgets/dwExportTemplate',
  menu: { group: systemGroup, icon: 'ExportOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  buttons: [{ action: 'export', label: L('导出', 'Export') }],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    templateName: { type: 'string', label: L('模板名称', 'Name'), max: 100, required: true, list: true, search: true },
    resourceName: {
      type: 'string',
      label: L('导出数据', 'Data'),
      max: 64,
      required: '请选择导出数据',
      list: true,
      search: 'equal',
      choices: { url: '/api/dw-widgets/dwExportTemplate/resources', value: 'name', label: '{label}' },
      example: 'post',
    },
    columns: {
      type: 'text',
      label: L('导出列', 'Columns'),
      max: 20000,
      required: '请选择导出列',
      form: { span: 24 },
      example: '[{"key":"postCode","header":"岗位编号"},{"key":"postName","header":"岗位名称"}]',
    },
    filters: {
      type: 'text',
      label: L('筛选条件', 'Filters'),
      max: 4000,
      form: { span: 24 },
      example: '{"postName":"岗"}',
    },
    remark: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
