import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// A matter's workflow version: which deployed process definition handles the matter over a date
// range. One enabled version per date per item; a version in use is copied, never edited.
export const matWfVersion = defineResource({
  name: 'mat-wf-version',
  table: 'mat_wf_version',
  label: L('流程版本', 'Workflow versions'),
  api: '/api/dw-matter/matWfVersion',
  menu: { group: matterGroup, icon: 'BranchesOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    itemId: {
      type: 'string',
      ref: { resource: 'mat-int-element', labelField: 'itemName', valueField: 'id' },
      label: L('事项', 'Matter item'),
      max: 19,
      required: '请选择事项',
      list: true,
      search: 'equal',
    },
    flowDefId: {
      type: 'string',
      label: L('流程定义', 'Process definition'),
      max: 32,
      // The tenant's deployed definitions, newest version of each key first.
      choices: { url: '/api/dw-matter/dwCommonProcess/definitionList', value: 'id', label: '{name} v{version}（{key}）' },
      required: '请选择流程定义',
      list: true,
      example: '1903100000000000001',
    },
    versionCode: { type: 'string', label: L('版本号', 'Version'), max: 10, required: true, list: true, search: true, example: 'V1' },
    startTime: { type: 'date', label: L('开始日期', 'Start date'), required: '请选择开始日期', list: true },
    endTime: { type: 'date', label: L('结束日期', 'End date'), list: true },
    processStartNoticeUrl: { type: 'string', label: L('流程开始通知地址', 'Start notice URL'), max: 100 },
    processEndNoticeUrl: { type: 'string', label: L('流程结束通知地址', 'End notice URL'), max: 100 },
    note: { type: 'string', label: L('备注', 'Note'), max: 100, list: { ellipsis: true }, form: { span: 24 } },
  },
  // Every workflow command looks the version of its instance's definition up.
  indexes: [['flowDefId']],
  buttons: [
    { action: 'design', label: L('环节配置', 'Configure steps') },
    { action: 'change', label: L('流程切换', 'Change process') },
  ],
});
