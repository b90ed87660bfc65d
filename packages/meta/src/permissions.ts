import type { Resource, ResourceRoute } from './define-resource.ts';
import type { Label } from './field-types.ts';

/**
 * A permission code a route can demand: a menu's or button's `code`. Conventional
 * routes demand `<resource>_<action>`; the seed creates these buttons under the resource's menu.
 */
export type Button = { code: string; action: string; label: Label };

const conventional: { action: string; label: Label; routes: ResourceRoute[] }[] = [
  { action: 'view', label: { zh: '查看', en: 'View' }, routes: ['page', 'list', 'detail', 'tree', 'lazy-tree'] },
  { action: 'add', label: { zh: '新增', en: 'Add' }, routes: ['submit'] },
  { action: 'edit', label: { zh: '修改', en: 'Edit' }, routes: ['submit'] },
  { action: 'delete', label: { zh: '删除', en: 'Delete' }, routes: ['remove'] },
];

export const permCode = (r: Pick<Resource, 'name'>, action: string) => `${r.name}_${action}`;

/** The buttons of one resource: the conventional ones its routes need, then its own. */
export function buttonsOf(r: Resource): Button[] {
  const out: Button[] = [];
  for (const c of conventional) {
    if (c.routes.some((x) => r.routes.includes(x))) out.push({ code: permCode(r, c.action), action: c.action, label: c.label });
  }
  if (r.excel) {
    out.push({ code: permCode(r, 'export'), action: 'export', label: { zh: '导出', en: 'Export' } });
    out.push({ code: permCode(r, 'import'), action: 'import', label: { zh: '导入', en: 'Import' } });
  }
  for (const b of r.buttons ?? []) {
    if (!out.some((o) => o.action === b.action)) out.push({ code: permCode(r, b.action), action: b.action, label: b.label });
  }
  return out;
}
