import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

// Which roles see an application on their desk (replaced as a whole by batchBind).
export const thirdAppPermission = defineResource({
  name: 'third-app-permission',
  table: 'dw_third_app_permission',
  label: L('应用授权', 'App permissions'),
  api: '/api/dw-third-app/dwThirdAppPermission',
  menu: { group: authorityGroup, icon: 'KeyOutlined' },
  tenant: true,
  softDelete: false,
  routes: [],
  defaultSort: [{ field: 'appId', dir: 'asc' }],
  uniqueTogether: [{ fields: ['appId', 'roleId'] }],
  fields: {
    appId: { type: 'ref', ref: { resource: 'third-app', labelField: 'appName' }, label: L('应用', 'Application'), required: true },
    roleId: { type: 'ref', ref: { resource: 'role', labelField: 'roleName' }, label: L('角色', 'Role'), required: true },
  },
});
