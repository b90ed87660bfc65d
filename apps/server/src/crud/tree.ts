import type { Queryable, Row } from '@civdesk/db';
import { columnOf, type Resource, type TreeNode } from '@civdesk/meta';
import type { Scope } from '../core/caller.ts';
import { cols } from './repository.ts';
import { scopeWhere } from './scope.ts';
import { Params, qi } from './sql.ts';

export type { TreeNode } from '@civdesk/meta';

/**
 * Merges flat rows into a forest, keeping input order: a node goes under its parent when the
 * parent is in the list; roots are parentId 0 and orphans whose parent is not listed.
 */
export function mergeForest<T extends Record<string, unknown>>(
  rows: T[],
  parentKey = 'parentId',
): (T & { children?: T[]; hasChildren: boolean })[] {
  if (!Array.isArray(rows)) throw new TypeError('data must be an array');
  type N = T & { children?: N[]; hasChildren: boolean };
  const nodes = new Map<string, N>();
  for (const r of rows) nodes.set(String(r.id), { ...r, hasChildren: Boolean(r.hasChildren) } as N);
  const roots: N[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(String(n[parentKey]));
    if (parent && parent !== n) {
      parent.children ??= [];
      parent.children.push(n);
      parent.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}

export function toNode(r: Resource, row: Row): TreeNode {
  const tree = r.tree!;
  const id = String(row.id);
  return {
    id,
    parentId: String(row[tree.parentField] ?? '0'),
    title: String(row[tree.titleField] ?? ''),
    key: id,
    value: id,
    hasChildren: Boolean(row.hasChildren),
    ...(tree.levelField && row[tree.levelField] != null ? { level: Number(row[tree.levelField]) } : {}),
  };
}

export function nodeForest(r: Resource, rows: Row[]): TreeNode[] {
  return mergeForest(rows.map((row) => toNode(r, row)));
}

/** One level of a tree with `hasChildren` computed by the database (lazy trees). */
export async function level(
  db: Queryable,
  r: Resource,
  s: Scope,
  parentId: string,
  extra: string[] = [],
  p = new Params(),
): Promise<Row[]> {
  const tree = r.tree!;
  const parentCol = qi(columnOf(tree.parentField, r.allFields[tree.parentField]));
  const w = [...scopeWhere(r, s, p, 't'), `t.${parentCol} = ${p.add(parentId)}`, ...extra];
  const cw = [...scopeWhere(r, s, p, 'c'), `c.${parentCol} = t."id"`];
  const order = r.defaultSort.map((o) => `t.${qi(columnOf(o.field, r.allFields[o.field]))} ${o.dir}`).join(', ') || 't."id"';
  return db.query(
    `select ${cols(r, s)}, exists(select 1 from ${qi(r.table)} c where ${cw.join(' and ')}) as "hasChildren" ` +
      `from ${qi(r.table)} t where ${w.join(' and ')} order by ${order}, t."id" limit 5000`,
    p.values,
  );
}
