import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// The form directory (表单目录): a tree of folders the forms are filed under.
export const matIntFormType = defineResource({
  name: 'mat-int-form-type',
  table: 'mat_int_form_type',
  label: L('表单目录', 'Form directory'),
  api: '/api/dw-matter/matIntFormType',
  menu: { group: matterGroup, icon: 'FolderOpenOutlined' },
  tenant: true,
  softDelete: true,
  tree: { parentField: 'parentId', titleField: 'typeName' },
  defaultSort: [{ field: 'orderNum', dir: 'asc' }],
  fields: {
    parentId: { type: 'parent', label: L('上级目录', 'Parent') },
    typeName: { type: 'string', label: L('目录名称', 'Name'), max: 100, required: true, list: true, search: true },
    typeCode: { type: 'string', label: L('目录编号', 'Code'), max: 64, unique: true, list: true, search: true },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
