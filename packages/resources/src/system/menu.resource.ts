import { defineResource } from '@civdesk/meta';
import { L, yesNo12 } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

// Menus and their buttons: one platform-wide tree; a button's code is the
// permission a route demands. Roles are granted menus and buttons per tenant (blade_role_menu).
export const menu = defineResource({
  name: 'menu',
  table: 'blade_menu',
  label: L('菜单管理', 'Menus'),
  api: '/api/blade-system/menu',
  menu: { group: authorityGroup, icon: 'MenuOutlined' },
  tenant: false,
  softDelete: true,
  // `tree` is the menu's own: menus only, buttons left out.
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'lazy-tree'],
  tree: { parentField: 'parentId', titleField: 'name' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: {
    parentId: { type: 'parent', label: L('上级菜单', 'Parent menu') },
    code: { type: 'string', label: L('菜单编号', 'Code'), max: 64, required: true, unique: true, list: true, search: true },
    name: { type: 'string', label: L('菜单名称', 'Name'), max: 64, required: true, list: true, search: true },
    alias: { type: 'string', label: L('菜单别名', 'Alias'), max: 64, required: true, list: true },
    path: { type: 'string', label: L('路由地址', 'Path'), max: 255, required: true, list: true },
    source: { type: 'string', label: L('菜单图标', 'Icon'), max: 255, required: true, list: true, form: { widget: 'icon' } },
    sort: { type: 'order', label: L('菜单排序', 'Order'), max: 4, required: true, list: true },
    category: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('菜单', 'Menu') },
        { value: 2, label: L('按钮', 'Button') },
      ],
      default: 1,
      example: 1,
      label: L('菜单类型', 'Category'),
      required: true,
      list: true,
      search: 'equal',
    },
    action: {
      type: 'enum',
      int: true,
      options: [
        { value: 0, label: L('工具栏', 'Toolbar') },
        { value: 1, label: L('操作栏', 'Row actions') },
        { value: 2, label: L('工具栏和操作栏', 'Both') },
      ],
      default: 0,
      label: L('按钮功能', 'Button placement'),
    },
    // The layout opens value 2 in a new window; 1 means no.
    isOpen: {
      type: 'enum',
      int: true,
      options: yesNo12,
      default: 1,
      label: L('新窗口打开', 'New window'),
    },
    // The sidebar's role restriction: role aliases (shared by every tenant's roles of that alias);
    // empty = every role the menu is granted to. Hides the entry only; the grant stays the permission.
    roles: {
      type: 'string',
      label: L('可见角色', 'Visible to roles'),
      max: 255,
      example: 'administrator',
      pattern: {
        regex: '^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$',
        message: L('可见角色为以英文逗号分隔的角色别名', 'Visible to roles: role aliases separated by commas'),
      },
      form: { span: 24 },
    },
    funId: { type: 'string', label: L('功能编号', 'Function ID'), max: 64 },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
