import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { uploadRuleFields } from './material-fields.ts';

const sampleTypes = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'];

// The materials (申请材料) one matter asks for: counts of originals and copies, where they come
// from, how they are checked, a sample and a blank form to download, and the upload rules the
// application screens apply.
export const matIntMaterials = defineResource({
  name: 'mat-int-materials',
  table: 'mat_int_materials',
  label: L('事项材料', 'Materials'),
  api: '/api/dw-matter/matIntMaterials',
  menu: { group: matterGroup, icon: 'SnippetsOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  indexes: [['itemId']],
  fields: {
    // The matter (mat-int-element) by id.
    itemId: {
      type: 'string',
      ref: { resource: 'mat-int-element', labelField: 'itemName', valueField: 'id' },
      label: L('所属事项', 'Matter'),
      max: 32,
      search: 'equal',
    },
    materialsName: { type: 'string', label: L('材料名称', 'Name'), max: 100, required: true, list: true, search: true },
    templateId: {
      type: 'ref',
      ref: { resource: 'mat-int-materials-template', labelField: 'templateName' },
      label: L('材料模板', 'Template'),
      required: true,
      list: true,
    },
    materialsType: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('证件证照', 'Certificate') },
        { value: 2, label: L('申请表格文书', 'Application form') },
        { value: 3, label: L('证明材料', 'Proof') },
        { value: 4, label: L('其他', 'Other') },
      ],
      label: L('材料类型', 'Type'),
      required: true,
      list: true,
      search: 'equal',
    },
    applyType: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('自然人', 'Person') },
        { value: 2, label: L('法人', 'Organisation') },
        { value: 3, label: L('自然人和法人', 'Both') },
      ],
      label: L('业务类型', 'Business type'),
      required: true,
      list: true,
    },
    materialsSource: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('申请人自备', 'Applicant') },
        { value: 2, label: L('政府部门核发', 'Government') },
        { value: 3, label: L('其他机构出具', 'Other body') },
      ],
      label: L('材料来源', 'Source'),
    },
    ifRequired: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 1,
      label: L('是否必要', 'Required'),
      list: true,
    },
    ifElectronicMaterials: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 0,
      label: L('是否电子材料', 'Electronic'),
    },
    numberOriginal: { type: 'order', label: L('原件份数', 'Originals'), max: 2, required: true, list: true },
    numberCopy: { type: 'order', label: L('复印件份数', 'Copies'), max: 2, required: true, list: true },
    fileFormat: { type: 'string', label: L('文件格式', 'File format'), max: 50 },
    materialsInstructions: { type: 'string', label: L('填报须知', 'Instructions'), max: 100, form: { span: 24 } },
    materialsOrg: { type: 'text', label: L('出具单位', 'Issued by'), max: 200, form: { span: 24 } },
    acceptStandard: { type: 'text', label: L('受理标准', 'Acceptance standard'), max: 200, form: { span: 24 } },
    materialsRequirement: { type: 'text', label: L('材料要求', 'Requirement'), max: 200, form: { span: 24 } },
    orderNumber: { type: 'order', label: L('排序', 'Order'), max: 3, required: true, list: true },
    demonstrationUrl: {
      type: 'file',
      label: L('样表', 'Sample file'),
      max: 1000,
      form: { span: 24 },
      upload: { accept: sampleTypes, maxKb: 10240, tip: L('只能上传一个文件，且不超过10240KB', 'one file, at most 10240 KB') },
      example: 'https://files.example.org/samples/sample.pdf',
    },
    emptyUrl: {
      type: 'file',
      label: L('空表', 'Blank form'),
      max: 1000,
      form: { span: 24 },
      upload: { accept: sampleTypes, maxKb: 10240, tip: L('只能上传一个文件，且不超过10240KB', 'one file, at most 10240 KB') },
      example: 'https://files.example.org/samples/blank.docx',
    },
    ...Object.fromEntries(Object.entries(uploadRuleFields).map(([k, f]) => [k, { ...f }])),
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
