import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { developGroup } from '../menu-groups.ts';

// A code model: one table of a data source, named for the generator. Its field rows are
// `model-prototype`; the table's columns are read from the database (read-only) by its calls
// `table-list`, `table-info` and `model-prototype`. Platform configuration: reading the schema is
// the platform administrator's.
export const model = defineResource({
  name: 'model',
  table: 'blade_model',
  label: L('数据模型', 'Code models'),
  api: '/api/blade-develop/model',
  menu: { group: developGroup, icon: 'GoldOutlined' },
  tenant: false,
  platformOnly: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    // Empty: the product's own database (the default data source).
    datasourceId: {
      type: 'ref',
      ref: { resource: 'datasource', labelField: 'name' },
      label: L('数据源', 'Data source'),
      list: true,
    },
    modelTable: {
      type: 'string',
      label: L('模型表名', 'Table'),
      max: 64,
      required: true,
      list: true,
      search: true,
      pattern: { regex: '^[a-z][a-z0-9_]*$', message: L('表名只能包含小写字母、数字和下划线', 'Lower-case letters, digits and _ only') },
      example: 'blade_post',
    },
    modelName: { type: 'string', label: L('模型名称', 'Name'), max: 100, required: true, list: true, search: true },
    modelClass: {
      type: 'string',
      label: L('模型类名', 'Class'),
      max: 64,
      required: true,
      list: true,
      pattern: { regex: '^[A-Z][A-Za-z0-9]*$', message: L('类名须以大写字母开头，只含字母和数字', 'PascalCase letters and digits') },
      example: 'Post',
    },
    modelCode: {
      type: 'string',
      label: L('模型编号', 'Code'),
      max: 64,
      required: true,
      list: true,
      pattern: { regex: '^[a-z][a-z0-9-]*$', message: L('编号只能包含小写字母、数字和-', 'Lower-case letters, digits and - only') },
      example: 'post',
    },
    modelRemark: { type: 'text', label: L('模型备注', 'Remark'), max: 500, form: { span: 24 } },
  },
});
