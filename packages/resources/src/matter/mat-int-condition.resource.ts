import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { itemRef, note, orderNumber } from './catalogue-fields.ts';

// Acceptance conditions (受理条件) of a matter, in order.
export const matIntCondition = defineResource({
  name: 'mat-int-condition',
  table: 'mat_int_condition',
  label: L('受理条件', 'Conditions'),
  api: '/api/dw-matter/matIntCondition',
  menu: { group: matterGroup, icon: 'CheckCircleOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    itemId: itemRef,
    conditionNo: { type: 'string', label: L('条件编号', 'Number'), max: 50, list: true, search: true },
    conditionInfo: {
      type: 'text',
      label: L('条件内容', 'Condition'),
      max: 2000,
      required: '请输入条件内容',
      list: { ellipsis: true },
      search: true,
      form: { span: 24 },
    },
    orderNumber,
    note: note(500),
  },
});
