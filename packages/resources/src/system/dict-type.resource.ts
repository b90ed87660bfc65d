import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';

// The dictionary-type tree (horizontal/vertical dictionary screens): categories and dictionary
// types in one tree; `fcode` mirrors the parent's code so clients can walk it by codes.
export const dictType = defineResource({
  name: 'dict-type',
  table: 'dw_sys_dict_type',
  label: L('字典类型', 'Dictionary types'),
  api: '/api/blade-system/dwSysDictType',
  tenant: false,
  softDelete: true,
  tree: { parentField: 'parentId', titleField: 'dictName' },
  builtIn: 'isSys',
  defaultSort: [{ field: 'orderNum', dir: 'asc' }],
  fields: {
    parentId: { type: 'parent', label: L('上级类型', 'Parent type'), form: { span: 24 } },
    dictName: { type: 'string', label: L('类型名称', 'Type name'), max: 100, required: true, list: true, search: true },
    dictType: { type: 'string', label: L('类型编码', 'Type code'), max: 64, required: true, unique: true, list: true, search: true },
    fnum: { type: 'int', label: L('类型值', 'Value number'), min: 0, max: 999_999, required: true, list: true },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, required: true, list: true },
    inUse: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 1,
      label: L('是否启用', 'In use'),
      required: true,
      list: true,
      search: 'equal',
    },
    isSys: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('系统内置', 'Built-in'), list: true },
    fcode: { type: 'string', label: L('上级编码', 'Parent code'), max: 64, form: { readOnly: true } },
  },
});

// Entries of a dictionary type.
export const dictDetail = defineResource({
  name: 'dict-detail',
  table: 'dw_sys_dict_detail',
  label: L('字典明细', 'Dictionary entries'),
  api: '/api/blade-system/dwSysDictDetail',
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
