import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// The tenant table itself is platform data: only the platform tenant (000000) manages it, and
// anyone else sees only their own tenant's row.
export const tenant = defineResource({
  name: 'tenant',
  table: 'blade_tenant',
  label: L('租户管理', 'Tenants'),
  api: '/api/blade-system/tenant',
  menu: { group: systemGroup, icon: 'ShopOutlined' },
  tenant: false,
  tenantCodeField: 'tenantId',
  softDelete: true,
  defaultSort: [{ field: 'tenantId', dir: 'asc' }],
  // The platform's own calls on tenants (`setting`, `datasource`, `package`).
  buttons: [
    { action: 'setting', label: L('授权配置', 'Authorisation') },
    { action: 'datasource', label: L('数据源配置', 'Data source') },
    { action: 'package', label: L('产品包配置', 'Package') },
  ],
  fields: {
    tenantId: {
      type: 'string',
      column: 'tenant_id',
      label: L('租户ID', 'Tenant ID'),
      max: 12,
      required: true,
      unique: true,
      list: true,
      search: true,
      pattern: { regex: '^[0-9A-Za-z]+$', message: L('租户ID只能包含字母和数字', 'Tenant ID may contain letters and digits only') },
    },
    tenantName: { type: 'string', label: L('租户名称', 'Tenant name'), max: 50, required: true, list: true, search: true },
    linkman: { type: 'string', label: L('联系人', 'Contact person'), max: 20, required: true, list: true, search: true },
    contactNumber: { type: 'string', label: L('联系电话', 'Phone'), max: 20, format: 'tel', example: '010-12345678', list: true },
    address: { type: 'string', label: L('联系地址', 'Address'), max: 255, form: { span: 24 } },
    accountNumber: { type: 'int', label: L('账号额度', 'Account quota'), min: -1, default: -1, list: true },
    expireTime: { type: 'datetime', label: L('过期时间', 'Expires at'), list: true },
    domainUrl: { type: 'string', label: L('绑定域名', 'Domain'), max: 255 },
    backgroundUrl: { type: 'image', label: L('系统背景', 'Background') },
    packageId: { type: 'ref', ref: { resource: 'tenant-package', labelField: 'packageName' }, label: L('产品包', 'Package') },
    datasourceId: { type: 'ref', ref: { resource: 'datasource', labelField: 'name' }, label: L('数据源', 'Data source') },
  },
});
