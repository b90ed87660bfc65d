import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// Which print template applies at a region level, with its number of copies; a stopped link is kept but not used.
export const matWfPrint = defineResource({
  name: 'mat-wf-print',
  table: 'mat_wf_print',
  label: L('模板关联', 'Template links'),
  api: '/api/dw-matter/matWfPrint',
  menu: { group: matterGroup, icon: 'NodeIndexOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    templateId: {
      type: 'ref',
      ref: { resource: 'mat-print-template', labelField: 'templateName' },
      label: L('打印模板', 'Template'),
      required: true,
      list: true,
      search: 'equal',
    },
    regionLevel: {
      type: 'dict',
      dict: 'region',
      int: true,
      label: L('区划层级', 'Region level'),
      required: true,
      list: true,
      search: 'equal',
    },
    printNum: { type: 'order', label: L('打印份数', 'Copies'), max: 2, required: true, list: true },
    isStop: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否停用', 'Stopped'), list: true, search: 'equal' },
  },
});
