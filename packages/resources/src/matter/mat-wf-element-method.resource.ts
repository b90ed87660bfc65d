import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

export const requestModels = [
  { value: 'sync', label: L('同步', 'Synchronous') },
  { value: 'async', label: L('异步', 'Asynchronous') },
];

// HTTP hooks the handling runtime calls when a step event fires (before/after handling or
// returning), grouped by form type. Only hosts on the `matter.hook.allowedHosts` list are saved
// or called; a synchronous hook's failure stops the step, an asynchronous one is only logged.
export const matWfElementMethod = defineResource({
  name: 'mat-wf-element-method',
  table: 'mat_wf_element_method',
  label: L('流程方法', 'Step hooks'),
  api: '/api/dw-matter/matWfElementMethod',
  menu: { group: matterGroup, icon: 'FunctionOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  buttons: [{ action: 'trigger', label: L('试调用', 'Test call') }],
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  fields: {
    // A form-directory row of the forms area.
    formTypeId: {
      type: 'string',
      ref: { resource: 'mat-int-form-type', labelField: 'typeName', valueField: 'id' },
      label: L('表单类型', 'Form type'),
      max: 19,
      search: 'equal',
      example: '1902000000000000001',
    },
    methodName: { type: 'string', label: L('方法名称', 'Name'), max: 100, required: true, list: true, search: true },
    triggerWay: {
      type: 'dict',
      dict: 'SYS_WF_METHOD_TYPE',
      int: true,
      label: L('触发方式', 'Trigger'),
      required: true,
      list: true,
      search: 'equal',
    },
    requestModel: { type: 'enum', options: requestModels, default: 'sync', label: L('请求方式', 'Mode'), list: true, search: 'equal' },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
    methodUrl: {
      type: 'string',
      label: L('方法地址', 'URL'),
      max: 2000,
      required: true,
      list: { ellipsis: true },
      form: { span: 24 },
      example: 'https://hooks.example.gov.cn/matter/after-handle',
    },
    note: { type: 'text', label: L('备注', 'Note'), max: 100, form: { span: 24 } },
  },
});
