import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// The buttons one step shows, copied from the library (name and type follow the library button),
// with an optional step-specific name, a trigger and an optional hook.
export const matWfElementButton = defineResource({
  name: 'mat-wf-element-button',
  table: 'mat_wf_element_button',
  label: L('环节按钮', 'Step buttons'),
  api: '/api/dw-matter/matWfElementButton',
  menu: { group: matterGroup, icon: 'BuildOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    // A step of the flow area.
    elementId: {
      type: 'string',
      ref: { resource: 'mat-wf-element', labelField: 'userTaskId', valueField: 'id' },
      label: L('环节', 'Step'),
      max: 19,
      required: true,
      search: 'equal',
      example: '1903000000000000111',
    },
    localButtonId: {
      type: 'ref',
      ref: { resource: 'mat-wf-local-button', labelField: 'localButtonName' },
      label: L('本地按钮', 'Library button'),
      required: true,
      search: 'equal',
    },
    localButtonName: { type: 'string', label: L('按钮名称', 'Button name'), max: 50, serverOnly: true, list: true, form: false },
    localButtonType: {
      type: 'dict',
      dict: 'SYS_WF_LOCAL_BUTTON',
      int: true,
      label: L('按钮类型', 'Type'),
      serverOnly: true,
      list: true,
      form: false,
    },
    elementButtonName: { type: 'string', label: L('环节按钮名称', 'Name on this step'), max: 100, list: true, search: true },
    // The step-specific key the handling page knows the button by (defaults to the library value).
    buttonId: { type: 'string', label: L('按钮标识', 'Button key'), max: 50 },
    triggerWay: { type: 'dict', dict: 'SYS_WF_METHOD_TYPE', int: true, label: L('触发方式', 'Trigger'), list: true },
    triggerMethod: {
      type: 'ref',
      ref: { resource: 'mat-wf-element-method', labelField: 'methodName' },
      label: L('触发方法', 'Hook'),
    },
    methodName: { type: 'string', label: L('方法名称', 'Hook name'), max: 100, serverOnly: true, list: true, form: false },
    param: { type: 'text', label: L('参数', 'Parameters'), max: 500, form: { span: 24 } },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
  },
});
