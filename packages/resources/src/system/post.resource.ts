import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

export const post = defineResource({
  name: 'post',
  table: 'blade_post',
  label: L('岗位管理', 'Posts'),
  api: '/api/blade-system/post',
  menu: { group: systemGroup, icon: 'IdcardOutlined' },
  tenant: true,
  softDelete: true,
  excel: true,
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: {
    category: {
      type: 'dict',
      dict: 'post_category',
      int: true,
      label: L('岗位类型', 'Category'),
      required: true,
      list: true,
      search: 'equal',
    },
    postCode: { type: 'string', label: L('岗位编号', 'Post code'), max: 32, required: true, unique: true, list: true, search: true },
    postName: { type: 'string', label: L('岗位名称', 'Post name'), max: 64, required: true, list: true, search: true },
    sort: { type: 'order', label: L('岗位排序', 'Order'), max: 2, required: true, list: { sortable: true } },
    remark: { type: 'text', label: L('岗位描述', 'Description'), max: 255, form: { span: 24 } },
  },
});
