import type { Locator } from 'playwright-core';

// Checkbox trees of the grant and assignment dialogs (menus, scopes, top menus), and the trees the
// server answers for them.

/** A grant/menu tree node as the server answers it. */
export type TreeNode = { id: string; title: string; children?: TreeNode[] };

/** The first node with this title, depth first. */
export const findNode = (nodes: TreeNode[], title: string): TreeNode | undefined =>
  nodes.reduce<TreeNode | undefined>((hit, n) => hit ?? (n.title === title ? n : findNode(n.children ?? [], title)), undefined);

/** Ids of the nodes and all beneath them. */
export const treeIds = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.id, ...treeIds(n.children ?? [])]);

/** Titles of the nodes and all beneath them. */
export const treeTitles = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.title, ...treeTitles(n.children ?? [])]);

/** The drawn node titled exactly `title` in an antd tree (its checkbox: `.ant-tree-checkbox`). */
export const treeNode = (tree: Locator, title: string) =>
  tree.locator('.ant-tree-treenode', { has: tree.page().getByText(title, { exact: true }) }).first();
