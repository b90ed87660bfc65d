import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// A product package: the menus a tenant may use (menu ids joined by commas, as BladeX stores them).
export const tenantPackage = defineResource({
  name: 'tenant-package',
  table: 'blade_tenant_package',
  label: L('租户产品包', 'Tenant packages'),
  api: '/api/blade-system/tenant-package',
  menu: { group: systemGroup, icon: 'GiftOutlined' },
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'packageName', dir: 'asc' }],
  fields: {
    packageName: {
      type: 'string',
      label: L('产品包名称', 'Package name'),
      max: 50,
      required: true,
      unique: true,
      list: true,
      search: true,
    },
    menuId: {
      type: 'multiRef',
      ref: { resource: 'menu', labelField: 'name' },
      label: L('菜单', 'Menus'),
      required: true,
      form: { span: 24 },
    },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, list: { ellipsis: true }, form: { span: 24 } },
  },
});
