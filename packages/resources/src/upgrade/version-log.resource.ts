import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { monitorGroup } from '../menu-groups.ts';

export const projectCodes = [
  { value: 'bladex', label: L('框架', 'Framework') },
  { value: 'app', label: L('应用', 'Application') },
];

// Each deployment of a new version, written by the server when it starts on a new version; read-only.
export const versionLog = defineResource({
  name: 'version-log',
  table: 'blade_version_log',
  label: L('版本升级日志', 'Version log'),
  api: '/api/blade-upgrade/version-log',
  menu: { group: monitorGroup, icon: 'CloudUploadOutlined' },
  tenant: false,
  softDelete: false,
  routes: ['page', 'list', 'detail'],
  defaultSort: [{ field: 'deployTime', dir: 'desc' }],
  fields: {
    projectCode: { type: 'enum', options: projectCodes, label: L('项目', 'Project'), serverOnly: true, list: true, search: 'equal' },
    version: { type: 'string', label: L('版本号', 'Version'), max: 32, serverOnly: true, list: true, search: true },
    oldVersion: { type: 'string', label: L('原版本号', 'Previous version'), max: 32, serverOnly: true, list: true },
    deployTime: { type: 'datetime', label: L('部署时间', 'Deployed at'), serverOnly: true, list: true, search: true },
  },
});
