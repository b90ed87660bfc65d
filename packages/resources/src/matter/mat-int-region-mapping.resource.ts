import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { itemRef, note } from './catalogue-fields.ts';

// Which regions handle a matter (区划映射). A repeated pair says nothing new and is left alone
// rather than refused.
export const matIntRegionMapping = defineResource({
  name: 'mat-int-region-mapping',
  table: 'mat_int_region_mapping',
  label: L('区划映射', 'Region mapping'),
  api: '/api/dw-matter/matIntRegionMapping',
  menu: { group: matterGroup, icon: 'AimOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    itemId: itemRef,
    regionId: {
      type: 'ref',
      ref: { resource: 'region', labelField: 'name', fillLabel: 'regionName' },
      label: L('行政区划', 'Region'),
      required: '请选择行政区划',
      list: true,
      search: 'equal',
    },
    regionName: { type: 'string', label: L('区划名称', 'Region name'), max: 64, list: true, form: { readOnly: true } },
    note: note(500),
  },
});
