import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

// The dictionary-type tree (horizontal/vertical dictionary screens): categories and dictionary
// types in one tree; `fcode` mirrors the parent's code so clients can walk it by codes.
export const dictType = defineResource({
  name: 'dict-type',
  table: 'dw_sys_dict_type',
  label: L('字典类型', 'Dictionary types'),
  api: '/api/blade-system/dwSysDictType',
  menu: { group: configGroup, icon: 'TagsOutlined' },
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
