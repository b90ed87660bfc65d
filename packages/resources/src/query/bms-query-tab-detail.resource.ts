import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { queryGroup } from '../menu-groups.ts';

// The result columns of a custom query (bmsQueryTabDetail): which column of the SQL's answer the
// run page shows, under which header, how wide, in which order. A query without any shows every
// column under its own name. cusSave replaces a query's whole list at once.
export const bmsQueryTabDetail = defineResource({
  name: 'bms-query-tab-detail',
  table: 'bms_query_tab_detail',
  label: L('查询结果列', 'Result columns'),
  api: '/api/dw-query/bmsQueryTabDetail',
  menu: { group: queryGroup, icon: 'ColumnWidthOutlined', order: 4 },
  tenant: true,
  softDelete: false,
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  indexes: [['queryId']],
  uniqueTogether: [{ fields: ['queryId', 'fieldName'], message: L('该查询已有同名列', 'The query already has this column') }],
  fields: {
    queryId: {
      type: 'ref',
      ref: { resource: 'bms-query-list', labelField: 'customName' },
      label: L('所属查询', 'Query'),
      required: true,
      list: true,
      search: 'equal',
    },
    fieldName: { type: 'string', label: L('列名', 'Column'), max: 64, required: true, list: true, search: true },
    fieldLabel: { type: 'string', label: L('列标题', 'Header'), max: 50, required: true, list: true },
    width: { type: 'int', label: L('列宽', 'Width'), min: 0, max: 2000, list: true },
    isShow: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('是否显示', 'Shown'), list: true },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
  },
});
