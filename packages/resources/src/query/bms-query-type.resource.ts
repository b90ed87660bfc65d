import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { queryGroup } from '../menu-groups.ts';

// Groups of custom queries (bmsQueryType): how the query list and the run page sort them.
export const bmsQueryType = defineResource({
  name: 'bms-query-type',
  table: 'bms_query_type',
  label: L('查询分类', 'Query types'),
  api: '/api/dw-query/bmsQueryType',
  menu: { group: queryGroup, icon: 'TagOutlined', order: 1 },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  fields: {
    typeName: { type: 'string', label: L('分类名称', 'Type name'), max: 50, required: true, unique: true, list: true, search: true },
    typeCode: { type: 'string', label: L('分类编码', 'Type code'), max: 35, list: true, search: true },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    note: { type: 'string', label: L('备注', 'Note'), max: 500, list: { ellipsis: true }, form: { span: 24 } },
  },
});
