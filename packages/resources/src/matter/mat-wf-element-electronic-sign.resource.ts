import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

export const signatureTypes = [
  { value: 1, label: L('电子印章', 'Seal') },
  { value: 2, label: L('个人签名', 'Personal signature') },
  { value: 3, label: L('印章和签名', 'Seal and signature') },
];

// A document a step generates from a print template and signs when one of its associated step
// buttons is pressed; the signed PDF fills a material slot of the application.
export const matWfElementElectronicSign = defineResource({
  name: 'mat-wf-element-electronic-sign',
  table: 'mat_wf_element_electronic_sign',
  label: L('签章要素', 'Signing'),
  api: '/api/dw-matter/matWfElementElectronicSign',
  menu: { group: matterGroup, icon: 'VerifiedOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    // The example is a demo step whose first button (暂存) is the first step button a sample picks.
    // A step by id, kept free of a reference: steps of several versions share their labels, and the
    // list searches signing elements by step (the step panel fixes it). The hook checks it is a live step.
    elementId: {
      type: 'string',
      label: L('环节', 'Step'),
      max: 19,
      required: true,
      search: 'equal',
      example: '1903000000000000111',
    },
    printId: {
      type: 'string',
      ref: { resource: 'mat-print-template', labelField: 'templateName', valueField: 'id' },
      label: L('打印模板', 'Print template'),
      max: 19,
      list: true,
      example: '1904000000000000002',
    },
    matIntMaterialsId: {
      type: 'string',
      ref: { resource: 'mat-int-materials', labelField: 'materialsName', valueField: 'id' },
      label: L('对应材料', 'Material'),
      max: 19,
      list: true,
      example: '1905000000000000021',
    },
    associatedButtonId: {
      type: 'multiRef',
      ref: { resource: 'mat-wf-element-button', labelField: 'localButtonName' },
      label: L('关联按钮', 'Signing buttons'),
      list: { ellipsis: true },
      form: { span: 24 },
    },
    signatureType: { type: 'enum', int: true, options: signatureTypes, label: L('签章类型', 'Signature type'), list: true },
    isCreate: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('是否生成', 'Generates'), list: true },
    isSignature: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('是否签章', 'Signs'), list: true },
    isDownload: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否下载', 'Downloadable') },
    isPrint: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否打印', 'Printable') },
    showOptBtn: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('显示操作按钮', 'Shows actions') },
    isSignatureNumber: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('限制签章次数', 'Counts signatures') },
    signNumber: { type: 'int', label: L('签章次数', 'Signatures'), min: 0, max: 99 },
    signNumberMax: { type: 'int', label: L('最大签章次数', 'Most signatures'), min: 0, max: 99 },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
  },
});
