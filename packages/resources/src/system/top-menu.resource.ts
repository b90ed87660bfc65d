import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

// Top menus (per tenant) group the sidebar: each one is bound to a set of menus
// (blade_top_menu_setting, `topmenu/grant`), and roles are granted the top menus they see.
export const topMenu = defineResource({
  name: 'top-menu',
  table: 'blade_top_menu',
  label: L('顶部菜单', 'Top menus'),
  api: '/api/blade-system/topmenu',
  menu: { group: authorityGroup, icon: 'LayoutOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  buttons: [{ action: 'grant', label: L('菜单配置', 'Assign menus') }],
  fields: {
    code: { type: 'string', label: L('顶部菜单编号', 'Code'), max: 64, required: true, unique: true, list: true, search: true },
    name: { type: 'string', label: L('顶部菜单名', 'Name'), max: 64, required: true, list: true, search: true },
    source: { type: 'string', label: L('顶部菜单图标', 'Icon'), max: 255, required: true, list: true },
    sort: { type: 'order', label: L('顶部菜单排序', 'Order'), max: 4, required: true, list: true },
  },
});
