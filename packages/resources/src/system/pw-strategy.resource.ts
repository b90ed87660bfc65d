import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

// A tenant's password policy (one row per tenant, saved with cusSubmit): the server checks every
// new password against it, and a password older than expireDays must be changed at sign-in.
export const pwStrategy = defineResource({
  name: 'pw-strategy',
  table: 'dw_sys_pw_strategy',
  label: L('密码策略', 'Password policy'),
  api: '/api/blade-system/dwSysPwStrategy',
  menu: { group: authorityGroup, icon: 'LockOutlined' },
  tenant: true,
  softDelete: false,
  routes: [],
  buttons: [
    { action: 'view', label: L('查看', 'View') },
    { action: 'edit', label: L('修改', 'Edit') },
  ],
  defaultSort: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    minLength: { type: 'int', label: L('最小长度', 'Minimum length'), min: 6, max: 32, default: 8, required: true },
    needUpper: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('必须包含大写字母', 'Needs an upper-case letter') },
    needLower: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('必须包含小写字母', 'Needs a lower-case letter') },
    needDigit: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('必须包含数字', 'Needs a digit') },
    needSpecial: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('必须包含特殊字符', 'Needs a special character') },
    expireDays: {
      type: 'int',
      label: L('有效天数（0为不过期）', 'Valid days (0: never expires)'),
      min: 0,
      max: 3650,
      default: 0,
      required: true,
    },
    historyCount: {
      type: 'int',
      label: L('不得与最近几次密码相同', 'Differs from the last N passwords'),
      min: 0,
      max: 24,
      default: 0,
      required: true,
    },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255 },
  },
});
