import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// The product's button library: what a handling page may show (submit, return, suspend …), its
// look, its web and WeChat handlers and the tabs it appears on. Steps copy buttons from here.
export const matWfLocalButton = defineResource({
  name: 'mat-wf-local-button',
  table: 'mat_wf_local_button',
  label: L('本地按钮', 'Button library'),
  api: '/api/dw-matter/matWfLocalButton',
  menu: { group: matterGroup, icon: 'BorderOuterOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  fields: {
    localButtonName: { type: 'string', label: L('按钮名称', 'Name'), max: 50, required: true, list: true, search: true },
    localButtonType: {
      type: 'dict',
      dict: 'SYS_WF_LOCAL_BUTTON',
      int: true,
      label: L('按钮类型', 'Type'),
      required: true,
      list: true,
      search: 'equal',
    },
    localButtonStyle: { type: 'string', label: L('按钮图标', 'Icon'), max: 50, list: true, form: { widget: 'icon' } },
    localButtonColor: { type: 'string', label: L('按钮颜色', 'Colour'), max: 20, list: true, example: '#1677ff' },
    localButtonValue: { type: 'string', label: L('参数值', 'Parameter value'), max: 50, required: true, list: true, search: true },
    localButtonMethod: { type: 'text', label: L('按钮方法', 'Web handler'), max: 500, form: { span: 24 } },
    localButtonMethodForWeixin: { type: 'text', label: L('微信端按钮方法', 'WeChat handler'), max: 500, form: { span: 24 } },
    localButtonPageSetting: {
      type: 'multiRef',
      ref: { resource: 'mat-wf-page-configure', labelField: 'pageTabname' },
      label: L('页面设置', 'Shown on tabs'),
      required: true,
      list: { ellipsis: true },
      form: { span: 24 },
    },
    orderNumber: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
    remarks: { type: 'text', label: L('备注', 'Remarks'), max: 100, form: { span: 24 } },
  },
});
