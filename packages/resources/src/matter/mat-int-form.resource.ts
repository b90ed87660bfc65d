import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// A form (表单): its fields are mat-int-form-detail rows (the draft); publishing snapshots them as
// the next mat-int-form-version, which is what applications and approvals render and validate.
export const matIntForm = defineResource({
  name: 'mat-int-form',
  table: 'mat_int_form',
  label: L('表单管理', 'Forms'),
  api: '/api/dw-matter/matIntForm',
  menu: { group: matterGroup, icon: 'FormOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [{ field: 'orderNum', dir: 'asc' }],
  buttons: [
    { action: 'publish', label: L('发布', 'Publish') },
    { action: 'unpublish', label: L('取消发布', 'Unpublish') },
  ],
  indexes: [['formTypeId']],
  fields: {
    formName: { type: 'string', label: L('表单名称', 'Name'), max: 100, required: true, list: true, search: true },
    formUrl: { type: 'string', label: L('表单地址', 'URL'), max: 2000, required: true, list: { ellipsis: true } },
    formTypeId: {
      type: 'ref',
      ref: { resource: 'mat-int-form-type', labelField: 'typeName' },
      label: L('表单目录', 'Directory'),
      required: true,
      list: true,
      search: 'equal',
    },
    isForm: {
      type: 'enum',
      int: true,
      options: [
        { value: 0, label: L('标题', 'Title') },
        { value: 1, label: L('表单', 'Form') },
      ],
      default: 1,
      label: L('类型', 'Kind'),
      list: true,
    },
    isSaveVerif: { type: 'enum', int: true, options: yesNo01, label: L('保存校验', 'Check on save'), required: true, list: true },
    sourceType: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('普通表单', 'Normal form') },
        { value: 2, label: L('控件表单', 'Control form') },
      ],
      default: 1,
      label: L('来源类型', 'Source'),
      list: true,
      search: 'equal',
    },
    publishStatus: {
      type: 'enum',
      int: true,
      options: [
        { value: 0, label: L('未发布', 'Unpublished') },
        { value: 1, label: L('已发布', 'Published') },
      ],
      default: 0,
      serverOnly: true,
      label: L('发布状态', 'Publish status'),
      list: true,
      search: 'equal',
    },
    latestVersion: { type: 'int', label: L('最新版本', 'Latest version'), default: 0, serverOnly: true, list: true },
    tableName: { type: 'string', label: L('数据表名', 'Table name'), max: 64 },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 8, list: true },
    remarks: { type: 'text', label: L('备注', 'Remarks'), max: 500, form: { span: 24 } },
  },
});
