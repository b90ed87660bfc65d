import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

// Parameters are platform configuration (lockout thresholds, the initial password…): only the
// platform administrator reads and changes them; the server reads them itself. Keys the product reads: account.initPassword, account.failCount, DW_RELATED_SITE*.
export const param = defineResource({
  name: 'param',
  table: 'blade_param',
  label: L('参数管理', 'Parameters'),
  api: '/api/blade-system/param',
  menu: { group: configGroup, icon: 'SlidersOutlined' },
  tenant: false,
  platformOnly: true,
  softDelete: true,
  defaultSort: [{ field: 'paramKey', dir: 'asc' }],
  fields: {
    paramName: { type: 'string', label: L('参数名称', 'Name'), max: 100, required: true, list: true, search: true },
    paramKey: { type: 'string', label: L('参数键名', 'Key'), max: 100, required: true, unique: true, list: true, search: true },
    paramValue: {
      type: 'text',
      label: L('参数键值', 'Value'),
      max: 2000,
      required: true,
      list: { ellipsis: true },
      search: true,
      form: { span: 24 },
    },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
