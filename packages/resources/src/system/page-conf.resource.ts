import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

// Tabs of the handling pages (a flag groups the tabs one page shows) and the business pages the
// workflow opens; built-in tabs cannot be removed.
export const pageConf = defineResource({
  name: 'page-conf',
  table: 'dw_page_conf',
  label: L('页签配置', 'Tab pages'),
  api: '/api/dw-system/dwPageConf',
  menu: { group: configGroup, icon: 'ProfileOutlined' },
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
