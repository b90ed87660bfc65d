import { defineResource, type ResourceDef } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';

// A dictionary is one root row (parentId 0, dictKey -1, dictValue = its title) plus child rows
// sharing its code (contract §6). System dictionaries are platform-wide; business ones per tenant.
const dictFields: ResourceDef['fields'] = {
  parentId: { type: 'parent', label: L('上级字典', 'Parent'), form: { span: 24 } },
  code: { type: 'string', label: L('字典编号', 'Code'), max: 64, required: true, list: true, search: true },
  dictValue: { type: 'string', label: L('字典名称', 'Name'), max: 128, required: true, list: true, search: true },
  dictKey: { type: 'string', label: L('字典键值', 'Key'), max: 64, list: true },
  sort: { type: 'order', label: L('字典排序', 'Order'), max: 3, required: true, list: { sortable: true } },
  isSealed: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('封存', 'Sealed'), required: true, list: true },
  remark: { type: 'text', label: L('字典备注', 'Remark'), max: 255, form: { span: 24 } },
};

const shared = {
  softDelete: true,
  tree: { parentField: 'parentId', titleField: 'dictValue' },
  defaultSort: [{ field: 'sort', dir: 'asc' as const }],
  uniqueTogether: [{ fields: ['code', 'dictKey'], message: L('当前字典键值已存在!', 'This dictionary key already exists') }],
  indexes: [['code']],
  fields: dictFields,
};

export const dict = defineResource({
  ...shared,
  name: 'dict',
  table: 'blade_dict',
  label: L('系统字典', 'System dictionary'),
  api: '/api/blade-system/dict',
  tenant: false,
});

export const dictBiz = defineResource({
  ...shared,
  name: 'dict-biz',
  table: 'blade_dict_biz',
  label: L('业务字典', 'Business dictionary'),
  api: '/api/blade-system/dict-biz',
  tenant: true,
});
