import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { templateFileUpload } from './mat-int-materials-template.resource.ts';

// The writ library (文书: notices, decisions) the handling steps print and sign.
export const matIntWriter = defineResource({
  name: 'mat-int-writer',
  table: 'mat_int_writer',
  label: L('文书管理', 'Writs'),
  api: '/api/dw-matter/matIntWriter',
  menu: { group: matterGroup, icon: 'FileProtectOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  fields: {
    writerNo: { type: 'string', label: L('文书编号', 'Number'), max: 100, required: true, list: true, search: true },
    writerName: { type: 'string', label: L('文书名称', 'Name'), max: 200, required: true, list: true, search: true },
    writerLevel: {
      type: 'dict',
      dict: 'region',
      int: true,
      label: L('文书层级', 'Level'),
      list: true,
      search: 'equal',
    },
    writerType: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('受理通知书', 'Acceptance notice') },
        { value: 2, label: L('补正告知书', 'Correction notice') },
        { value: 3, label: L('不予受理通知书', 'Refusal notice') },
        { value: 4, label: L('审批决定书', 'Decision') },
        { value: 9, label: L('其他', 'Other') },
      ],
      default: 9,
      label: L('文书类型', 'Type'),
      list: true,
      search: 'equal',
    },
    orderNumber: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    writerFormat: { type: 'text', label: L('文书格式', 'Format'), max: 2000, form: { span: 24 } },
    writerUrl: {
      type: 'file',
      label: L('文书模板', 'Template file'),
      max: 1000,
      required: true,
      form: { span: 24 },
      upload: templateFileUpload,
      example: 'https://files.example.org/writs/notice.docx',
    },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
