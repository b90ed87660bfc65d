import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

export const printStatusOptions = [
  { value: 1, label: L('启用', 'Enabled') },
  { value: 0, label: L('停用', 'Disabled') },
];

// Print templates: a text body with ${field} and ${table:name} placeholders filled from the
// template's print SQL and rendered as a PDF (previewPDF; modules/print).
export const matPrintTemplate = defineResource({
  name: 'mat-print-template',
  table: 'mat_print_template',
  label: L('打印模板', 'Print templates'),
  api: '/api/dw-matter/matPrintTemplate',
  menu: { group: matterGroup, icon: 'PrinterOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    templateName: { type: 'string', label: L('模板名称', 'Name'), max: 100, required: true, list: true, search: true },
    templateCode: { type: 'string', label: L('模板编码', 'Code'), max: 64, required: true, unique: true, list: true, search: true },
    groupNum: { type: 'string', label: L('分组', 'Group'), max: 32, list: true, search: 'equal' },
    status: { type: 'enum', int: true, options: printStatusOptions, default: 1, label: L('状态', 'Status'), list: true, search: 'equal' },
    templateContent: {
      type: 'text',
      label: L('模板内容', 'Body'),
      max: 20000,
      required: true,
      form: { span: 24 },
      // The placeholders are the template's own syntax, not JavaScript's.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a print template's placeholder
      example: '# 申请表\n申请人：${applicantName}\n${table:家庭成员}',
    },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
