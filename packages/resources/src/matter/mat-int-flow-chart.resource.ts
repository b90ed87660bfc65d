import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { itemRef, note } from './catalogue-fields.ts';

// The flow chart picture shown in a matter's guide (流程图), stored through the file storage; the
// picture shows in the row's dialog, the list names it.
export const matIntFlowChart = defineResource({
  name: 'mat-int-flow-chart',
  table: 'mat_int_flow_chart',
  label: L('流程图', 'Flow chart'),
  api: '/api/dw-matter/matIntFlowChart',
  menu: { group: matterGroup, icon: 'FundViewOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    itemId: itemRef,
    flowChartUrl: {
      type: 'image',
      label: L('流程图', 'Flow chart'),
      required: '请上传流程图',
      upload: {
        accept: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg'],
        maxKb: 10_240,
        tip: L('只能上传图片文件，且不超过10M', 'Images only, at most 10 MB'),
      },
    },
    chartName: { type: 'string', label: L('流程图名称', 'Name'), max: 100, list: true, search: true },
    note: note(500),
  },
});
