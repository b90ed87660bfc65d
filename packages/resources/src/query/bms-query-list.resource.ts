import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { queryGroup } from '../menu-groups.ts';

// A custom SQL query (bmsQueryList): one SELECT an administrator writes, with `:name` parameters
// its conditions fill. It only ever runs through the read-only SQL runner (docs/custom-queries.md).
// Rows are removed physically (removeSinglePhy), their conditions and columns with them.
export const bmsQueryList = defineResource({
  name: 'bms-query-list',
  table: 'bms_query_list',
  label: L('自定义查询', 'Custom queries'),
  api: '/api/dw-query/bmsQueryList',
  menu: { group: queryGroup, icon: 'TableOutlined', order: 2 },
  tenant: true,
  softDelete: false,
  builtIn: 'isSys',
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  indexes: [['typeId']],
  buttons: [{ action: 'run', label: L('执行', 'Run') }],
  fields: {
    customName: {
      type: 'string',
      label: L('查询名称', 'Query name'),
      max: 50,
      required: true,
      lengthMessage: L('查询名称长度不能超过50个字符', 'Query name: at most 50 characters'),
      list: true,
      search: true,
    },
    customNo: { type: 'string', label: L('查询编号', 'Query number'), max: 35, unique: true, list: true, search: true },
    typeId: {
      type: 'ref',
      ref: { resource: 'bms-query-type', labelField: 'typeName' },
      label: L('查询分类', 'Type'),
      list: true,
      search: 'equal',
    },
    isSys: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('系统内置', 'Built-in'), list: true },
    content: {
      type: 'text',
      label: L('SQL语句', 'SQL'),
      max: 2000,
      required: true,
      list: { ellipsis: true },
      form: { span: 24 },
      example: 'select dept_name as "deptName" from blade_dept where dept_name like :deptName',
    },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
