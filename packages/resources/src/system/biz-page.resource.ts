import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

export const bizPage = defineResource({
  name: 'biz-page',
  table: 'dw_biz_page',
  label: L('业务页面', 'Business pages'),
  api: '/api/dw-system/dwBizPage',
  menu: { group: configGroup, icon: 'FileOutlined' },
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
