import type { FieldDef } from '@civdesk/meta';
import { L } from '../labels.ts';

/** The matter a guide, condition, address … row belongs to. */
export const itemRef: FieldDef = {
  type: 'ref',
  ref: { resource: 'mat-int-element', labelField: 'itemName' },
  label: L('所属事项', 'Matter'),
  required: '请选择所属事项',
  list: true,
  search: 'equal',
};

export const orderNumber: FieldDef = { type: 'order', label: L('排序', 'Order'), max: 3, list: true };

export const note = (max: number): FieldDef => ({ type: 'text', label: L('备注', 'Note'), max, form: { span: 24 } });
