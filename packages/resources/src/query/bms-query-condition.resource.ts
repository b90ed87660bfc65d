import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { queryGroup } from '../menu-groups.ts';

export const conditionTypeOptions = [
  { value: 'input', label: L('文本', 'Text') },
  { value: 'number', label: L('数字', 'Number') },
  { value: 'date', label: L('日期', 'Date') },
  { value: 'select', label: L('字典下拉', 'Dictionary') },
];

// A search condition of a custom query (bmsQueryCondition): the run page shows it as a search field
// and sends its value under `paramName`, which the query's SQL reads as `:paramName` (bound, never
// spliced). Removed physically (removeSinglePhy).
export const bmsQueryCondition = defineResource({
  name: 'bms-query-condition',
  table: 'bms_query_condition',
  label: L('查询条件', 'Query conditions'),
  api: '/api/dw-query/bmsQueryCondition',
  menu: { group: queryGroup, icon: 'FunnelPlotOutlined', order: 3 },
  tenant: true,
  softDelete: false,
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  indexes: [['queryId']],
  uniqueTogether: [{ fields: ['queryId', 'paramName'], message: L('该查询已有同名参数', 'The query already has this parameter') }],
  fields: {
    queryId: {
      type: 'ref',
      ref: { resource: 'bms-query-list', labelField: 'customName' },
      label: L('所属查询', 'Query'),
      required: true,
      list: true,
      search: 'equal',
    },
    conditionName: { type: 'string', label: L('条件名称', 'Label'), max: 50, required: true, list: true, search: true },
    paramName: {
      type: 'string',
      label: L('参数名', 'Parameter'),
      max: 50,
      required: true,
      pattern: {
        regex: '^[A-Za-z_][A-Za-z0-9_]*$',
        message: L('参数名只能包含字母、数字和下划线，且不能以数字开头', 'Letters, digits and _ only, not starting with a digit'),
      },
      list: true,
    },
    conditionType: {
      type: 'enum',
      options: conditionTypeOptions,
      default: 'input',
      label: L('条件类型', 'Kind'),
      list: true,
    },
    dictCode: { type: 'string', label: L('字典编码', 'Dictionary code'), max: 64, list: true },
    isRequired: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否必填', 'Required'), list: true },
    defaultValue: { type: 'string', label: L('默认值', 'Default'), max: 200 },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
  },
});
