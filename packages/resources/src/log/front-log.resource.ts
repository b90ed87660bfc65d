import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { monitorGroup } from '../menu-groups.ts';

// Front-end error logs the browser uploads (the local error log: type, url, message, stack, time).
export const frontLog = defineResource({
  name: 'front-log',
  table: 'blade_log_front',
  label: L('前端日志', 'Front-end log'),
  api: '/api/blade-log/front',
  menu: { group: monitorGroup, icon: 'CodeOutlined' },
  tenant: true,
  // A caller sees the rows about the users its data scope shows it.
  scopeVia: { resource: 'user', field: 'createUser', by: 'id' },
  softDelete: false,
  routes: ['page', 'list', 'detail'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    type: { type: 'string', label: L('类型', 'Type'), max: 32, list: true, search: true },
    url: { type: 'string', label: L('地址', 'URL'), max: 1000, list: { ellipsis: true } },
    message: { type: 'text', label: L('信息', 'Message'), max: 4000, list: { ellipsis: true }, search: true },
    stack: { type: 'text', label: L('堆栈', 'Stack'), max: 16000 },
    time: { type: 'string', label: L('发生时间', 'Time'), max: 32, list: true },
    userAgent: { type: 'string', label: L('用户代理', 'User agent'), max: 500 },
  },
});
