import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { logGroup } from '../menu-groups.ts';

const events = [
  ['login', '登录', 'Sign-in'],
  ['login-fail', '登录失败', 'Failed sign-in'],
  ['logout', '退出', 'Sign-out'],
  ['lockout', '账号锁定', 'Lockout'],
  ['unlock', '账号解锁', 'Unlock'],
  ['password-change', '修改密码', 'Password change'],
  ['password-reset', '重置密码', 'Password reset'],
  ['grant', '权限变更', 'Grant change'],
  ['register', '用户注册', 'Registration'],
  ['audit', '注册审核', 'Registration audit'],
  ['token-reuse', '令牌重用', 'Refresh token reuse'],
].map(([value, zh, en]) => ({ value, label: L(zh, en) }));

// Sign-in events (who, when, from where, result), written by the server only: the table is
// append-only through the API (no submit or remove).
export const authLog = defineResource({
  name: 'auth-log',
  table: 'blade_log_auth',
  label: L('登录日志', 'Sign-in log'),
  api: '/api/blade-log/auth',
  menu: { group: logGroup, icon: 'LoginOutlined' },
  tenant: true,
  // A caller sees the rows about the users its data scope shows it.
  scopeVia: { resource: 'user', field: 'account', by: 'account' },
  softDelete: false,
  routes: ['page', 'list', 'detail'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    account: { type: 'string', label: L('账号', 'Account'), max: 64, list: true, search: true },
    eventType: { type: 'enum', options: events, label: L('事件', 'Event'), list: true, search: 'equal' },
    result: {
      type: 'enum',
      options: [
        { value: 'success', label: L('成功', 'Success') },
        { value: 'fail', label: L('失败', 'Failure') },
      ],
      label: L('结果', 'Result'),
      list: true,
      search: 'equal',
    },
    remoteIp: { type: 'string', label: L('IP地址', 'IP address'), max: 64, list: true, search: true },
    userAgent: { type: 'string', label: L('用户代理', 'User agent'), max: 500 },
    message: { type: 'string', label: L('说明', 'Detail'), max: 500, list: { ellipsis: true } },
  },
});
