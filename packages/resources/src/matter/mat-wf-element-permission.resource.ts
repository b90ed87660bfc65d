import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

/** What a step may do with one form field. */
export const fieldRights = [
  { value: 0, label: L('隐藏', 'Hidden') },
  { value: 1, label: L('只读', 'Read-only') },
  { value: 2, label: L('可编辑', 'Editable') },
  { value: 3, label: L('必填', 'Required') },
];

// Field rights per step: for each field of the step's form, hidden / read-only / editable /
// required. A field without a row is editable.
export const matWfElementPermission = defineResource({
  name: 'mat-wf-element-permission',
  table: 'mat_wf_element_permission',
  label: L('字段权限', 'Field rights'),
  api: '/api/dw-matter/matWfElementPermission',
  menu: { group: matterGroup, icon: 'EyeInvisibleOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  uniqueTogether: [{ fields: ['elementId', 'formId', 'fieldName'], message: L('该字段的权限已存在', 'This field already has a right') }],
  fields: {
    elementId: {
      type: 'string',
      ref: { resource: 'mat-wf-element', labelField: 'userTaskId', valueField: 'id' },
      label: L('环节', 'Step'),
      max: 19,
      required: true,
      search: 'equal',
      example: '1903000000000000112',
    },
    // A form of the forms area.
    formId: {
      type: 'string',
      ref: { resource: 'mat-int-form', labelField: 'formName', valueField: 'id' },
      label: L('表单', 'Form'),
      max: 19,
      required: true,
      search: 'equal',
      example: '1902000000000000011',
    },
    fieldName: {
      type: 'string',
      label: L('字段', 'Field'),
      max: 64,
      required: true,
      list: true,
      search: true,
      pattern: {
        regex: '^[A-Za-z_][A-Za-z0-9_]*$',
        message: L('字段名只能包含字母、数字和下划线', 'Letters, digits and underscores only'),
      },
    },
    fieldLabel: { type: 'string', label: L('字段名称', 'Field label'), max: 100, list: true },
    permission: {
      type: 'enum',
      int: true,
      options: fieldRights,
      default: 2,
      required: true,
      label: L('权限', 'Right'),
      list: true,
      search: 'equal',
    },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
  },
});
