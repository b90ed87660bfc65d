import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { logGroup } from '../menu-groups.ts';
import { serverFields } from './log-fields.ts';

// Notable events of the application itself (start, deployment, retention purge…): BladeX's
// "usual" log. Written by the server, read-only; platform-wide.
export const logUsual = defineResource({
  name: 'log-usual',
  table: 'blade_log_usual',
  label: L('通用日志', 'Usual logs'),
  api: '/api/blade-log/usual',
  menu: { group: logGroup, icon: 'FileDoneOutlined' },
  tenant: false,
  // The server's own events: the platform administrator's.
  platformOnly: true,
  softDelete: false,
  routes: ['page', 'list', 'detail'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    ...serverFields,
    logLevel: { type: 'string', label: L('日志级别', 'Level'), max: 10, serverOnly: true, list: true, search: 'equal' },
    logId: { type: 'string', label: L('日志业务id', 'Log ID'), max: 100, serverOnly: true, list: true, search: true },
    requestUri: { type: 'string', label: L('请求接口', 'Request URI'), max: 255, serverOnly: true, list: true },
    userAgent: { type: 'string', label: L('用户代理', 'User agent'), max: 1000, serverOnly: true },
    logData: { type: 'text', label: L('日志数据', 'Data'), serverOnly: true, list: { ellipsis: true }, search: true, form: { span: 24 } },
    params: { type: 'text', label: L('请求数据', 'Request data'), serverOnly: true, form: { span: 24 } },
    createBy: { type: 'string', label: L('创建者', 'Created by'), max: 64, serverOnly: true, list: true },
  },
});
