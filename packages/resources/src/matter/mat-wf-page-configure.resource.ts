import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// The tabs of the matter handling pages: a flag groups the tabs one page shows; local buttons name
// the tabs they appear on. Built-in tabs (isSys 1) cannot be removed.
export const matWfPageConfigure = defineResource({
  name: 'mat-wf-page-configure',
  table: 'mat_wf_page_configure',
  label: L('页签配置', 'Handling tabs'),
  api: '/api/dw-matter/matWfPageConfigure',
  menu: { group: matterGroup, icon: 'ProjectOutlined' },
  tenant: true,
  softDelete: true,
  builtIn: 'isSys',
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [
    { field: 'flag', dir: 'asc' },
    { field: 'orderNum', dir: 'asc' },
  ],
  fields: {
    flag: { type: 'string', label: L('标识', 'Flag'), max: 32, required: true, list: true, search: true },
    pageTabname: { type: 'string', label: L('页签名称', 'Tab name'), max: 20, required: true, list: true, search: true },
    pageTaburl: { type: 'string', label: L('页签地址', 'Tab URL'), max: 500, required: true, list: { ellipsis: true }, form: { span: 24 } },
    isSys: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('系统内置', 'Built-in'), list: true, search: 'equal' },
    isSave: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否保存', 'Saves'), list: true },
    isVerification: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否校验', 'Validates'), list: true },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
  },
});
