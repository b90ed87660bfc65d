import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';

// One published version of a form: the field schema as it was at publish time, never changed and
// never removed (cases filed against it are re-read and re-validated with it). No routes of its own:
// matIntForm's calls publish and read versions.
export const matIntFormVersion = defineResource({
  name: 'mat-int-form-version',
  table: 'mat_int_form_version',
  label: L('表单版本', 'Form versions'),
  api: '/api/dw-matter/matIntFormVersion',
  menu: false,
  tenant: true,
  softDelete: false,
  routes: [],
  defaultSort: [{ field: 'versionNo', dir: 'desc' }],
  uniqueTogether: [{ fields: ['formId', 'versionNo'], message: L('表单版本已存在', 'This form version exists') }],
  fields: {
    formId: { type: 'ref', ref: { resource: 'mat-int-form', labelField: 'formName' }, label: L('表单', 'Form'), required: true },
    versionNo: { type: 'int', label: L('版本号', 'Version'), required: true, min: 1 },
    schemaJson: { type: 'text', label: L('表单结构', 'Schema'), required: true },
    publishTime: { type: 'datetime', label: L('发布时间', 'Published at'), required: true },
    publishUser: { type: 'ref', ref: { resource: 'user', labelField: 'realName' }, label: L('发布人', 'Published by') },
  },
});
