import type { FieldDef } from '@civdesk/meta';
import { L } from '../labels.ts';

// Data scopes (which rows) and API scopes (which calls) hang under a menu and are granted to roles
// (blade_role_scope, category 1 data, 2 API). Both are platform-wide definitions.
export const menuRef: FieldDef = {
  type: 'ref',
  ref: { resource: 'menu', labelField: 'name' },
  label: L('所属菜单', 'Menu'),
  required: true,
};
