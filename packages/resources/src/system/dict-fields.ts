import type { ResourceDef, ResourceRoute } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';

// A dictionary is one root row (parentId 0, dictKey -1, dictValue = its title) plus child rows
// sharing its code. System dictionaries (`dict`) are platform-wide; business ones
// (`dict-biz`) per tenant; both have this shape.
const dictFields: ResourceDef['fields'] = {
  parentId: { type: 'parent', label: L('上级字典', 'Parent'), form: { span: 24 } },
  code: { type: 'string', label: L('字典编号', 'Code'), max: 64, required: true, list: true, search: true },
  dictValue: { type: 'string', label: L('字典名称', 'Name'), max: 128, required: true, list: true, search: true },
  dictKey: { type: 'string', label: L('字典键值', 'Key'), max: 64, list: true },
  sort: { type: 'order', label: L('字典排序', 'Order'), max: 3, required: true, list: { sortable: true } },
  isSealed: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('封存', 'Sealed'), required: true, list: true },
  remark: { type: 'text', label: L('字典备注', 'Remark'), max: 255, form: { span: 24 } },
};

/** What `dict` and `dict-biz` share: everything but name, table, label, API, tenancy and menu. */
export const dictShape = {
  softDelete: true,
  tree: { parentField: 'parentId', titleField: 'dictValue' },
  // `tree` is the dictionaries' own (it reads `code`, see the server's dict hooks).
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'lazy-tree'] as ResourceRoute[],
  defaultSort: [{ field: 'sort', dir: 'asc' as const }],
  uniqueTogether: [{ fields: ['code', 'dictKey'], message: L('当前字典键值已存在!', 'This dictionary key already exists') }],
  indexes: [['code']],
  fields: dictFields,
};
