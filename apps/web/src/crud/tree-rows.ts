import type { Row } from './crud-api.ts';

/**
 * Rows of a tree table: a node the server says has children but sent none (lazy trees) gets an
 * empty list, so the table shows its expand button; expanding loads that level.
 */
export function prepareTreeRows(rows: Row[]): Row[] {
  return rows.map((row) => {
    if (row.children?.length) return { ...row, children: prepareTreeRows(row.children) };
    if (row.hasChildren) return { ...row, children: [] };
    const { children: _none, ...leaf } = row;
    return leaf as Row;
  });
}

/** Puts loaded children under their parent row, immutably. */
export function attachChildren(rows: Row[], parentId: string, children: Row[]): Row[] {
  return rows.map((row) => {
    if (row.id === parentId) return { ...row, children };
    if (row.children?.length) return { ...row, children: attachChildren(row.children, parentId, children) };
    return row;
  });
}

/** True when a row's children still have to be fetched. */
export const needsChildren = (row: Row) => Boolean(row.hasChildren) && (!row.children || row.children.length === 0);
