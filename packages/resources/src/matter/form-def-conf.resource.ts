import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// A "single form" (单表表单): a simple single-table form definition kept as one JSON field list,
// for small forms that need no directory, versions or designer (cusSaveSimpleSingle / cusUpdateSimple).
export const formDefConf = defineResource({
  name: 'form-def-conf',
  table: 'form_def_conf',
  label: L('单表表单', 'Single forms'),
  api: '/api/dw-matter/formDefConf',
  menu: { group: matterGroup, icon: 'BlockOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    formName: { type: 'string', label: L('表单名称', 'Name'), max: 100, required: true, list: true, search: true },
    formCode: { type: 'string', label: L('表单编码', 'Code'), max: 64, required: true, unique: true, list: true, search: true },
    tableName: { type: 'string', label: L('数据表名', 'Table name'), max: 64, required: true, list: true },
    fieldsJson: {
      type: 'text',
      label: L('字段定义', 'Fields (JSON)'),
      max: 100000,
      required: true,
      form: { span: 24 },
      example: '[{"name":"title","label":"标题","type":"text","required":true}]',
    },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
