import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// A tenant's own order of the regions it works with (areaSort cusLazyList / cusSave).
export const areaSort = defineResource({
  name: 'area-sort',
  table: 'dw_area_sort',
  label: L('区划排序', 'Region order'),
  api: '/api/blade-system/areaSort',
  menu: { group: systemGroup, icon: 'OrderedListOutlined' },
  tenant: true,
  softDelete: false,
  routes: [],
  buttons: [{ action: 'edit', label: L('区划排序', 'Order regions') }],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  uniqueTogether: [{ fields: ['areaId'] }],
  fields: {
    areaId: { type: 'ref', ref: { resource: 'region', labelField: 'name' }, label: L('区划', 'Region'), required: true },
    sort: { type: 'order', label: L('排序', 'Order'), max: 5, required: true },
  },
});
