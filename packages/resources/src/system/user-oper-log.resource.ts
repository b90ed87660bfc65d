import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { logGroup } from '../menu-groups.ts';

export const operAuditStatus = [
  { value: 0, label: L('待审计', 'Pending') },
  { value: 1, label: L('审计通过', 'Approved') },
  { value: 2, label: L('审计驳回', 'Rejected') },
];

// Every change an administrator makes to users (create, edit, roles, status, passwords…), for the
// audit administrator to review (pass or reject); written by the server, read-only otherwise.
export const userOperLog = defineResource({
  name: 'user-oper-log',
  table: 'blade_user_oper_log',
  label: L('用户操作审计', 'User operation audit'),
  api: '/api/blade-user/b/operLog',
  menu: { group: logGroup, icon: 'AuditOutlined' },
  tenant: true,
  // A caller sees the rows about the users its data scope shows it.
  scopeVia: { resource: 'user', field: 'account', by: 'account' },
  softDelete: false,
  routes: ['page', 'list', 'detail'],
  buttons: [{ action: 'audit', label: L('审计', 'Audit') }],
  defaultSort: [{ field: 'updateTime', dir: 'desc' }],
  fields: {
    account: { type: 'string', label: L('账号', 'Account'), max: 45, serverOnly: true, list: true, search: true },
    realName: { type: 'string', label: L('姓名', 'Name'), max: 20, serverOnly: true, list: true, search: true },
    deptName: { type: 'string', label: L('所属部门', 'Department'), max: 255, serverOnly: true, list: true },
    content: { type: 'text', label: L('操作内容', 'Operation'), max: 2000, serverOnly: true, list: { ellipsis: true }, search: true },
    auditStatus: {
      type: 'enum',
      int: true,
      options: operAuditStatus,
      default: 0,
      label: L('审计状态', 'Audit status'),
      serverOnly: true,
      list: true,
      search: 'equal',
    },
    auditReason: { type: 'string', label: L('审计意见', 'Audit note'), max: 255, serverOnly: true, list: true },
    userType: { type: 'dict', dict: 'user_type', int: true, label: L('用户平台', 'Platform'), serverOnly: true, list: true },
    operator: { type: 'string', label: L('操作人', 'Operator'), max: 45, serverOnly: true, list: true },
  },
});
