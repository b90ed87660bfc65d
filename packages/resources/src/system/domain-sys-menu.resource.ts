import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

export const domainSysMenu = defineResource({
  name: 'domain-sys-menu',
  table: 'bm_domain_sys_menu',
  label: L('域系统菜单', 'Domain system menus'),
  api: '/api/blade-system/bmDomainSysMenu',
  menu: { group: systemGroup, icon: 'PartitionOutlined' },
  tenant: false,
  softDelete: false,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'sysId', dir: 'asc' }],
  uniqueTogether: [{ fields: ['sysId', 'menuId'], message: L('该菜单已分配给此系统', 'This menu is already assigned to the system') }],
  fields: {
    sysId: {
      type: 'ref',
      ref: { resource: 'domain-sys', labelField: 'sysName' },
      label: L('域系统', 'System'),
      required: true,
      list: true,
      search: 'equal',
    },
    menuId: {
      type: 'ref',
      ref: { resource: 'menu', labelField: 'name' },
      label: L('菜单', 'Menu'),
      required: true,
      list: true,
      search: 'equal',
    },
  },
});
