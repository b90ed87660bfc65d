import type { TreeNode } from '../../crud/crud-api.ts';

/** antd Tree data from the server's generic tree nodes (id, title, children). */
export type AntNode = { key: string; title: string; children?: AntNode[] };

export function toAntTree(nodes: TreeNode[] | null | undefined): AntNode[] {
  return (nodes ?? []).map((n) => ({
    key: String(n.id),
    title: String(n.title),
    children: n.children?.length ? toAntTree(n.children) : undefined,
  }));
}

/** Every key of a tree, depth first. */
export function allKeys(nodes: AntNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** Keys of nodes with children (a checked parent is implied by its children in antd's Tree). */
export function parentKeys(nodes: AntNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (ns: AntNode[]) => {
    for (const n of ns) {
      if (n.children?.length) {
        out.add(n.key);
        walk(n.children);
      }
    }
  };
  walk(nodes);
  return out;
}
