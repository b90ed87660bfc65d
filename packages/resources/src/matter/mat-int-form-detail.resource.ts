import { defineResource, formFieldKinds } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// One field of a form's draft (表单字段). A `group` row is a section; fields under it name it as
// parent. The designer replaces a form's whole list at once (submitAll); publishing snapshots it.
export const matIntFormDetail = defineResource({
  name: 'mat-int-form-detail',
  table: 'mat_int_form_detail',
  label: L('表单字段', 'Form fields'),
  api: '/api/dw-matter/matIntFormDetail',
  menu: { group: matterGroup, icon: 'BarsOutlined' },
  tenant: true,
  softDelete: true,
  tree: { parentField: 'parentId', titleField: 'fieldLabel' },
  defaultSort: [{ field: 'orderNum', dir: 'asc' }],
  uniqueTogether: [{ fields: ['formId', 'fieldName'], message: L('字段名已存在', 'This field name exists in the form') }],
  fields: {
    formId: {
      type: 'ref',
      ref: { resource: 'mat-int-form', labelField: 'formName' },
      label: L('所属表单', 'Form'),
      required: true,
      list: true,
      search: 'equal',
    },
    parentId: { type: 'parent', label: L('所属分组', 'Group') },
    fieldLabel: { type: 'string', label: L('字段标题', 'Label'), max: 100, required: true, list: true, search: true },
    fieldName: {
      type: 'string',
      label: L('字段名', 'Field name'),
      max: 64,
      required: true,
      pattern: {
        regex: '^[A-Za-z][A-Za-z0-9_]*$',
        message: L('字段名只能是字母开头的字母、数字或下划线', 'Letters, digits and _ starting with a letter'),
      },
      list: true,
      search: true,
    },
    fieldType: {
      type: 'enum',
      options: formFieldKinds.map((k) => ({ value: k.value, label: k.label })),
      label: L('字段类型', 'Type'),
      required: true,
      list: true,
      search: 'equal',
    },
    isRequired: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否必填', 'Required'), list: true },
    fieldLength: { type: 'int', label: L('最大长度', 'Max length'), min: 1, max: 2000 },
    pattern: { type: 'string', label: L('校验正则', 'Pattern'), max: 200 },
    patternMessage: { type: 'string', label: L('校验提示', 'Pattern message'), max: 100 },
    dictCode: { type: 'string', label: L('字典编码', 'Dictionary code'), max: 64 },
    span: { type: 'int', label: L('栅格宽度', 'Width (of 24)'), min: 1, max: 24, default: 12 },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    note: { type: 'string', label: L('说明', 'Help text'), max: 200 },
  },
});
