import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

// Entries of a dictionary type.
export const dictDetail = defineResource({
  name: 'dict-detail',
  table: 'dw_sys_dict_detail',
  label: L('字典明细', 'Dictionary entries'),
  api: '/api/blade-system/dwSysDictDetail',
  menu: { group: configGroup, icon: 'UnorderedListOutlined' },
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'orderNum', dir: 'asc' }],
  uniqueTogether: [{ fields: ['dictType', 'dictKey'], message: L('当前字典键值已存在!', 'This dictionary key already exists') }],
  indexes: [['dictType']],
  fields: {
    dictType: {
      type: 'string',
      ref: { resource: 'dict-type', labelField: 'dictName', valueField: 'dictType' },
      label: L('字典类型', 'Dictionary type'),
      max: 64,
      required: true,
      list: true,
      search: 'equal',
    },
    dictKey: { type: 'string', label: L('字典键值', 'Key'), max: 64, required: true, list: true, search: true },
    dictValue: { type: 'string', label: L('字典名称', 'Value'), max: 128, required: true, list: true, search: true },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, required: true, list: true },
    inUse: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('是否启用', 'In use'), required: true, list: true },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
