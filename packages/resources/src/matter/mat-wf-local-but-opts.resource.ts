import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// Stock opinions of a library button (同意, 材料不全 …), offered when the button is pressed; at
// most one per button is the default (setting one clears the others).
export const matWfLocalButOpts = defineResource({
  name: 'mat-wf-local-but-opts',
  table: 'mat_wf_local_but_opts',
  label: L('按钮意见', 'Button opinions'),
  api: '/api/dw-matter/matWfLocalButOpts',
  menu: { group: matterGroup, icon: 'CommentOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    localButtonId: {
      type: 'ref',
      ref: { resource: 'mat-wf-local-button', labelField: 'localButtonName' },
      label: L('所属按钮', 'Button'),
      required: true,
      search: 'equal',
    },
    // Copied from the button on every write: the list shows it without a join.
    localButtonName: { type: 'string', label: L('按钮名称', 'Button name'), max: 50, serverOnly: true, list: true, form: false },
    orderNumber: { type: 'order', label: L('排序', 'Order'), max: 2, required: true, list: true },
    butOptsInfo: {
      type: 'text',
      label: L('常用意见', 'Opinion text'),
      max: 200,
      list: { ellipsis: true },
      search: true,
      form: { span: 24 },
    },
    isDefault: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否默认', 'Default'), list: true, search: 'equal' },
  },
});
