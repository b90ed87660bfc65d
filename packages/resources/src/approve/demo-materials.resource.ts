import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';

/** A material slot's state: not yet provided, provided, checked by a handler, or asked for again (补齐补正). */
export const materialStatuses = [
  { value: 'missing', label: L('未提交', 'Missing') },
  { value: 'received', label: L('已收取', 'Received') },
  { value: 'verified', label: L('已核验', 'Verified') },
  { value: 'to-supplement', label: L('待补正', 'To supplement') },
];

/** Whose slot it is: the applicant, a household member or a supporter (upload-mode.ts). */
export const personTypes = [
  { value: 'applicant', label: L('申请人', 'Applicant') },
  { value: 'member', label: L('家庭成员', 'Household member') },
  { value: 'supporter', label: L('赡养人', 'Supporter') },
];

const digitsId = { regex: '^\\d{1,19}$', message: L('编号只能是数字', 'an id is digits only') };

export const materialFileTypes = ['pdf', 'jpg', 'jpeg', 'png'];

// One material slot of an application: a material of the matter (or of the step) for one person,
// with the file provided and what the window received. One file per slot (the spec's upload limit);
// reached from the launch and handling pages only, so it has no menu entry and no engine routes:
// its calls (apps/server/src/resources/demo-materials/) guard on the approval screens' codes.
export const demoMaterials = defineResource({
  name: 'demo-materials',
  table: 'biz_apply_material',
  label: L('申请材料', 'Application materials'),
  api: '/api/dw-biz-mzapprove/demoMaterials',
  menu: false,
  tenant: true,
  softDelete: true,
  routes: [],
  defaultSort: [{ field: 'createTime', dir: 'asc' }],
  indexes: [['applyId']],
  uniqueTogether: [
    { fields: ['applyId', 'materialId', 'personId'], message: L('该材料已上传，请勿重复提交', 'This material was already provided') },
  ],
  fields: {
    // The application (办件) by id, and the step configuration row (mat-wf-element) it was provided at.
    applyId: { type: 'string', label: L('办件', 'Application'), max: 19, pattern: digitsId, required: true, search: 'equal' },
    elementId: { type: 'string', label: L('环节', 'Step'), max: 19, pattern: digitsId, search: 'equal' },
    // A material of the matter (mat-int-materials) by id.
    materialId: { type: 'string', label: L('材料', 'Material'), max: 19, pattern: digitsId, required: true, search: 'equal' },
    materialsName: { type: 'string', label: L('材料名称', 'Material name'), max: 100, list: true },
    // The applicant's or a member's id on the application.
    personId: { type: 'string', label: L('人员', 'Person'), max: 19, pattern: digitsId, required: true, search: 'equal' },
    personName: { type: 'string', label: L('姓名', 'Name'), max: 50, list: true },
    personType: { type: 'enum', options: personTypes, default: 'applicant', label: L('人员类型', 'Person type'), list: true },
    materialStatus: {
      type: 'enum',
      options: materialStatuses,
      default: 'received',
      label: L('状态', 'Status'),
      list: true,
      search: 'equal',
    },
    originalNum: { type: 'int', label: L('原件份数', 'Originals'), min: 0, max: 99, default: 0 },
    copyNum: { type: 'int', label: L('复印件份数', 'Copies'), min: 0, max: 99, default: 0 },
    fileUrl: {
      type: 'file',
      label: L('材料文件', 'File'),
      upload: {
        accept: materialFileTypes,
        maxKb: 10240,
        tip: L('只能上传一个pdf/jpg/png文件，且不超过10240KB', 'one pdf/jpg/png file, at most 10240 KB'),
      },
    },
    fileName: { type: 'string', label: L('文件名', 'File name'), max: 255, list: true },
    note: { type: 'text', label: L('备注', 'Note'), max: 500 },
  },
});
