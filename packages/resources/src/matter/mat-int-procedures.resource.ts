import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { itemRef, note, orderNumber } from './catalogue-fields.ts';

// The handling procedure (办理流程) as the guide tells the applicant: steps in order.
export const matIntProcedures = defineResource({
  name: 'mat-int-procedures',
  table: 'mat_int_procedures',
  label: L('办理流程', 'Procedure'),
  api: '/api/dw-matter/matIntProcedures',
  menu: { group: matterGroup, icon: 'StepForwardOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    itemId: itemRef,
    proceduresName: { type: 'string', label: L('环节名称', 'Step'), max: 30, required: '请输入环节名称', list: true, search: true },
    orderNumber,
    proceduresInfo: { type: 'string', label: L('环节说明', 'Summary'), max: 150, list: { ellipsis: true }, form: { span: 24 } },
    proceduresContent: { type: 'text', label: L('环节内容', 'Content'), max: 2000, required: '请输入环节内容', form: { span: 24 } },
    note: note(500),
  },
});
