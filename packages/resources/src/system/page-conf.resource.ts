import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';

// Tabs of the handling pages (a flag groups the tabs one page shows) and the business pages the
// workflow opens; built-in tabs cannot be removed.
export const pageConf = defineResource({
  name: 'page-conf',
  table: 'dw_page_conf',
  label: L('页签配置', 'Tab pages'),
  api: '/api/dw-system/dwPageConf',
  tenant: false,
  softDelete: true,
  builtIn: 'isSys',
  defaultSort: [
    { field: 'flag', dir: 'asc' },
    { field: 'orderNum', dir: 'asc' },
  ],
  fields: {
    flag: { type: 'string', label: L('标识', 'Flag'), max: 32, required: true, list: true, search: true },
    pageTabname: { type: 'string', label: L('页签名称', 'Tab name'), max: 20, required: true, list: true, search: true },
    pageTaburl: { type: 'string', label: L('页签地址', 'Tab URL'), max: 500, required: true, list: { ellipsis: true }, form: { span: 24 } },
    isSys: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('系统内置', 'Built-in'), list: true },
    isSave: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否保存', 'Saves'), list: true },
    isVerification: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否校验', 'Validates'), list: true },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
  },
});

export const bizPage = defineResource({
  name: 'biz-page',
  table: 'dw_biz_page',
  label: L('业务页面', 'Business pages'),
  api: '/api/dw-system/dwBizPage',
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: {
    flow_type: { type: 'string', label: L('流程类型', 'Flow type'), max: 64, required: true, list: true, search: true },
    name: { type: 'string', label: L('页面名称', 'Name'), max: 100, required: true, list: true, search: true },
    page_type: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('PC', 'PC') },
        { value: 2, label: L('移动端', 'Mobile') },
      ],
      default: 1,
      label: L('页面类型', 'Page type'),
      required: true,
      list: true,
    },
    url: { type: 'string', label: L('页面地址', 'URL'), max: 500, required: true, list: { ellipsis: true }, form: { span: 24 } },
    sort: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    status: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('启用', 'Enabled') },
        { value: 0, label: L('停用', 'Disabled') },
      ],
      default: 1,
      label: L('状态', 'Status'),
      list: true,
    },
  },
});
