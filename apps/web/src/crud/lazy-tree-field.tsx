import { ProFormTreeSelect } from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { fetchLazyTree } from './crud-api.ts';
import { type Opt, treeOptions } from './options.ts';

type Props = {
  name: string;
  label: string;
  disabled: boolean;
  required: boolean;
  rules: Rule[];
  colProps: object;
  api: string;
  roots: Opt[];
  multiple: boolean;
  /** Only nodes of this level can be chosen; nothing below it is offered. */
  level?: number;
  testId: string;
  /** More props for the tree select (an onChange that fills another field). */
  extra?: object;
};

/**
 * Escape on an open tree select closes its dropdown and nothing else, as on a plain select:
 * rc-tree-select lets the key go on to the dialog, which closed too and lost what was typed.
 */
export function escapeClosesDropdownOnly(e: KeyboardEvent<HTMLElement>) {
  if (e.key === 'Escape' && (e.target as HTMLElement).getAttribute('aria-expanded') === 'true') e.stopPropagation();
}

/** Puts the loaded children under their node, immutably. */
function attach(nodes: Opt[], parent: string, children: Opt[]): Opt[] {
  return nodes.map((n) =>
    String(n.value) === parent
      ? { ...n, children, isLeaf: children.length === 0 }
      : n.children
        ? { ...n, children: attach(n.children, parent, children) }
        : n,
  );
}

/** Nodes above `level` can only be opened, nodes at it are leaves (nodes without a level are left as they are). */
export function pickableAt(nodes: Opt[], level: number | undefined): Opt[] {
  if (!level) return nodes;
  return nodes.map((n) => {
    if (n.level === undefined) return n;
    if (n.level >= level) return { ...n, isLeaf: true, children: undefined };
    return { ...n, selectable: false, disableCheckbox: true, children: n.children && pickableAt(n.children, level) };
  });
}

/** Tree select for large trees (regions): each level is fetched from lazy-tree when opened. */
export function LazyTreeField({ api, roots, multiple, level, testId, extra, ...item }: Props) {
  const [data, setData] = useState<Opt[]>(() => pickableAt(roots, level));
  useEffect(() => setData(pickableAt(roots, level)), [roots, level]);
  const loadData = async (node: { value?: unknown }) => {
    const parent = String(node.value);
    const children = pickableAt(treeOptions(await fetchLazyTree(api, parent), true), level);
    setData((d) => attach(d, parent, children));
  };
  return (
    <ProFormTreeSelect
      {...item}
      fieldProps={
        {
          'data-testid': testId,
          ...extra,
          treeData: data,
          loadData,
          multiple,
          showSearch: false,
          allowClear: true,
          onKeyDown: escapeClosesDropdownOnly,
        } as object
      }
    />
  );
}
