import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

export const EXPORT_QUEUED = 0;
export const EXPORT_RUNNING = 1;
export const EXPORT_DONE = 2;
export const EXPORT_FAILED = 3;

export const exportStatusOptions = [
  { value: EXPORT_QUEUED, label: L('排队中', 'Queued') },
  { value: EXPORT_RUNNING, label: L('导出中', 'Running') },
  { value: EXPORT_DONE, label: L('已完成', 'Done') },
  { value: EXPORT_FAILED, label: L('失败', 'Failed') },
];

// An export file (我的导出) is also its job: `doExport` of a template adds a row, a background runner
// fills the .xlsx and moves status, progress and total along; a row left running when the server
// stopped is taken up again at the next start. Only the server writes rows; a user lists, downloads
// and removes their own (`myPage`, `doDownLoad`, `remove`).
export const exportFile = defineResource({
  name: 'export-file',
  table: 'dw_export_file',
  label: L('我的导出', 'My exports'),
  api: '/api/dw-widgets/dwExportFile',
  menu: { group: systemGroup, icon: 'CloudDownloadOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['remove'],
  buttons: [{ action: 'view', label: L('查看', 'View') }],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  indexes: [['createUser', 'createTime']],
  fields: {
    templateId: { type: 'string', label: L('导出模板', 'Template'), max: 19, serverOnly: true },
    fileName: { type: 'string', label: L('文件名', 'File name'), max: 200, serverOnly: true, list: true, search: true },
    resourceName: { type: 'string', label: L('导出数据', 'Data'), max: 64, serverOnly: true },
    exportStatus: {
      type: 'enum',
      int: true,
      options: exportStatusOptions,
      label: L('状态', 'Status'),
      serverOnly: true,
      list: true,
      default: EXPORT_QUEUED,
    },
    progress: { type: 'int', label: L('已导出行数', 'Rows written'), serverOnly: true, list: true, default: 0 },
    total: { type: 'int', label: L('总行数', 'Rows'), serverOnly: true, list: true, default: 0 },
    fileSize: { type: 'int', label: L('文件大小', 'Size'), serverOnly: true },
    fileLink: { type: 'string', label: L('文件', 'File'), max: 500, serverOnly: true },
    errorMsg: { type: 'string', label: L('失败原因', 'Error'), max: 500, serverOnly: true, list: true },
    finishTime: { type: 'datetime', label: L('完成时间', 'Finished at'), serverOnly: true, list: true },
    // What the runner needs to take the job up again: the template as it was (columns, headers,
    // filters) and the roles and departments the caller acted with. Never answered to a client.
    job: { type: 'text', label: L('任务', 'Job'), max: 100000, serverOnly: true, form: false },
  },
});
