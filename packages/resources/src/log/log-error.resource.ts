import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { monitorGroup } from '../menu-groups.ts';
import { serverFields } from './log-fields.ts';

// Unexpected server failures, with the stack trace kept server-side (the client only ever sees a
// generic message). Per tenant, read-only.
export const logError = defineResource({
  name: 'log-error',
  table: 'blade_log_error',
  label: L('错误日志', 'Error logs'),
  api: '/api/blade-log/error',
  menu: { group: monitorGroup, icon: 'BugOutlined' },
  tenant: true,
  // A caller sees the rows about the users its data scope shows it.
  scopeVia: { resource: 'user', field: 'createBy', by: 'account' },
  softDelete: false,
  routes: ['page', 'list', 'detail'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    ...serverFields,
    method: { type: 'string', label: L('请求方法', 'Method'), max: 10, serverOnly: true, list: true },
    requestUri: { type: 'string', label: L('请求接口', 'Request URI'), max: 255, serverOnly: true, list: true, search: true },
    userAgent: { type: 'string', label: L('用户代理', 'User agent'), max: 1000, serverOnly: true },
    exceptionName: { type: 'string', label: L('异常名', 'Exception'), max: 255, serverOnly: true, list: true, search: true },
    message: { type: 'text', label: L('异常信息', 'Message'), serverOnly: true, list: { ellipsis: true } },
    stackTrace: { type: 'text', label: L('堆栈', 'Stack trace'), serverOnly: true, form: { span: 24 } },
    params: { type: 'text', label: L('请求数据', 'Request data'), serverOnly: true, form: { span: 24 } },
    remoteIp: { type: 'string', label: L('操作IP地址', 'Remote IP'), max: 255, serverOnly: true, list: true },
    createBy: { type: 'string', label: L('创建者', 'Created by'), max: 64, serverOnly: true, list: true },
  },
});
