import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';

// A user's bound social identities: one per provider and user, one user per identity. Written
// only by the sign-in calls (binding on the personal-info page, unbinding there).
export const userOauth = defineResource({
  name: 'user-oauth',
  table: 'blade_user_oauth',
  label: L('第三方账号绑定', 'Social bindings'),
  api: '/api/blade-system/user-oauth',
  menu: false,
  tenant: true,
  softDelete: false,
  routes: [],
  defaultSort: [{ field: 'source', dir: 'asc' }],
  uniqueTogether: [{ fields: ['source', 'uuid'] }, { fields: ['userId', 'source'] }],
  fields: {
    userId: { type: 'ref', ref: { resource: 'user', labelField: 'account' }, label: L('用户', 'User'), required: true },
    source: { type: 'string', label: L('来源', 'Source'), max: 32, required: true },
    uuid: { type: 'string', label: L('第三方用户标识', 'Subject'), max: 255, required: true },
    username: { type: 'string', label: L('第三方用户名', 'User name'), max: 255 },
    email: { type: 'string', label: L('邮箱', 'Email'), max: 255 },
  },
});
