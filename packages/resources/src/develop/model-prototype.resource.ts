import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { componentTypes, propertyTypes, queryTypes } from './options.ts';

// One column of a code model, with how the generated screen shows it. Written as a whole list per
// model (`submit-list`) from the model screen's field table, read back by `select`; no screen of its own.
export const modelPrototype = defineResource({
  name: 'model-prototype',
  table: 'blade_model_prototype',
  label: L('模型字段', 'Model fields'),
  api: '/api/blade-develop/model-prototype',
  menu: false,
  routes: [],
  tenant: false,
  platformOnly: true,
  softDelete: true,
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  uniqueTogether: [{ fields: ['modelId', 'jdbcName'], message: L('模型字段已存在', 'This column is already in the model') }],
  fields: {
    modelId: { type: 'ref', ref: { resource: 'model', labelField: 'modelName' }, label: L('模型', 'Model'), required: true },
    jdbcName: { type: 'string', label: L('物理列名', 'Column'), max: 64, required: true },
    jdbcType: { type: 'string', label: L('物理类型', 'Column type'), max: 64, required: true },
    propertyName: { type: 'string', label: L('实体属性名', 'Property'), max: 64, required: true },
    propertyType: { type: 'enum', options: propertyTypes, label: L('实体类型', 'Property type'), required: true, default: 'String' },
    comment: { type: 'string', label: L('字段说明', 'Label'), max: 100, required: true },
    isList: { type: 'enum', options: yesNo01, int: true, label: L('列表显示', 'In list'), default: 1 },
    isForm: { type: 'enum', options: yesNo01, int: true, label: L('表单显示', 'In form'), default: 1 },
    isRow: { type: 'enum', options: yesNo01, int: true, label: L('独占一行', 'Full row'), default: 0 },
    isRequired: { type: 'enum', options: yesNo01, int: true, label: L('必填', 'Required'), default: 0 },
    componentType: { type: 'enum', options: componentTypes, label: L('组件类型', 'Component'), default: 'input' },
    dictCode: { type: 'string', label: L('字典编码', 'Dictionary'), max: 64 },
    isQuery: { type: 'enum', options: yesNo01, int: true, label: L('查询配置', 'Searchable'), default: 0 },
    queryType: { type: 'enum', options: queryTypes, label: L('查询类型', 'Search by'), default: 'equal' },
    sort: { type: 'int', label: L('排序', 'Order'), default: 0 },
  },
});
