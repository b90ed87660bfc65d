import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { logGroup } from '../menu-groups.ts';
import { serverFields } from './log-fields.ts';

// The API request log (BladeX blade_log_api): one row per logged call, written by the server,
// read-only for users, newest first. It grows fastest of all tables, so its list must stay fast
// at millions of rows (bench/ measures it at 1 M): the service filter has its own index.
export const logApi = defineResource({
  name: 'log-api',
  table: 'blade_log_api',
  label: L('接口日志', 'API logs'),
  api: '/api/blade-log/api',
  menu: { group: logGroup, icon: 'ThunderboltOutlined' },
  tenant: true,
  // A caller sees the rows about the users its data scope shows it.
  scopeVia: { resource: 'user', field: 'createBy', by: 'account' },
  softDelete: false,
  routes: ['page', 'list', 'detail'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  indexes: [['serviceId', 'createTime']],
  fields: {
    ...serverFields,
    type: { type: 'string', label: L('日志类型', 'Log type'), max: 2, default: '1', serverOnly: true },
    title: { type: 'string', label: L('日志标题', 'Title'), max: 255, serverOnly: true, list: true, search: true },
    method: { type: 'string', label: L('请求方法', 'Method'), max: 10, serverOnly: true, list: true, search: 'equal' },
    requestUri: { type: 'string', label: L('请求接口', 'Request URI'), max: 255, serverOnly: true, list: true, search: true },
    userAgent: { type: 'string', label: L('用户代理', 'User agent'), max: 1000, serverOnly: true, list: { ellipsis: true } },
    remoteIp: { type: 'string', label: L('操作IP地址', 'Remote IP'), max: 255, serverOnly: true, list: true },
    methodClass: { type: 'string', label: L('方法类', 'Handler'), max: 255, serverOnly: true },
    methodName: { type: 'string', label: L('方法名', 'Handler method'), max: 255, serverOnly: true },
    params: { type: 'text', label: L('请求数据', 'Request data'), serverOnly: true, form: { span: 24 } },
    time: { type: 'string', label: L('执行时间', 'Duration (ms)'), max: 64, serverOnly: true, list: true },
    createBy: { type: 'string', label: L('创建者', 'Created by'), max: 64, serverOnly: true, list: true },
  },
});
