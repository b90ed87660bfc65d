import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { uploadRuleFields } from './material-fields.ts';

// Which of a matter's materials one workflow step shows, and its own upload rules for them;
// a step with none configured shows the matter's materials (getByElementItem).
export const matWfElementMaterials = defineResource({
  name: 'mat-wf-element-materials',
  table: 'mat_wf_element_materials',
  label: L('环节材料', 'Step materials'),
  api: '/api/dw-matter/matWfElementMaterials',
  menu: { group: matterGroup, icon: 'FileSyncOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  indexes: [['elementId']],
  uniqueTogether: [{ fields: ['elementId', 'intMaterialsId'], message: L('该环节已配置此材料', 'This step already has this material') }],
  fields: {
    // The workflow step (mat-wf-element) by id.
    elementId: {
      type: 'string',
      ref: { resource: 'mat-wf-element', labelField: 'userTaskId', valueField: 'id' },
      label: L('所属环节', 'Step'),
      max: 32,
      required: true,
      list: true,
      search: 'equal',
    },
    intMaterialsId: {
      type: 'ref',
      ref: { resource: 'mat-int-materials', labelField: 'materialsName', fillLabel: 'materialsName' },
      label: L('事项材料', 'Material'),
      required: true,
    },
    materialsName: { type: 'string', label: L('材料名称', 'Name'), max: 100, list: true, search: true },
    ...uploadRuleFields,
    orderNumber: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
