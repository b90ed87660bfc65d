import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

/** What a material template file may be: office documents and PDF, at most 5000 KB. */
export const templateFileUpload = {
  accept: ['doc', 'docx', 'xls', 'xlsx', 'pdf'],
  maxKb: 5000,
  tip: L('只能上传doc/docx/xls/xlsx/pdf文件，且不超过5000KB', 'doc/docx/xls/xlsx/pdf files only, at most 5000 KB'),
};

// The blank forms (申请表, 授权书 …) matter materials point at; built-in templates cannot be removed.
export const matIntMaterialsTemplate = defineResource({
  name: 'mat-int-materials-template',
  table: 'mat_int_materials_template',
  label: L('材料模板', 'Material templates'),
  api: '/api/dw-matter/matIntMaterialsTemplate',
  menu: { group: matterGroup, icon: 'FileWordOutlined' },
  tenant: true,
  softDelete: true,
  builtIn: 'isSys',
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'desc' },
  ],
  fields: {
    templateName: { type: 'string', label: L('模板名称', 'Name'), max: 100, required: true, list: true, search: true },
    templateUrl: {
      type: 'file',
      label: L('模板文件', 'Template file'),
      max: 1000,
      required: true,
      form: { span: 24 },
      upload: templateFileUpload,
      example: 'https://files.example.org/templates/apply.docx',
    },
    isSys: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 0,
      label: L('是否内置', 'Built-in'),
      list: true,
      search: 'equal',
    },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 5, required: true, list: true },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
