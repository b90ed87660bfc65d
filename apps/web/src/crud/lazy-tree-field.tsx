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
  testId: string;
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

/** Tree select for large trees (regions): each level is fetched from lazy-tree when opened. */
export function LazyTreeField({ api, roots, multiple, testId, ...item }: Props) {
  const [data, setData] = useState<Opt[]>(roots);
  useEffect(() => setData(roots), [roots]);
  const loadData = async (node: { value?: unknown }) => {
    const parent = String(node.value);
    const children = treeOptions(await fetchLazyTree(api, parent), true);
    setData((d) => attach(d, parent, children));
  };
  return (
    <ProFormTreeSelect
      {...item}
      fieldProps={
        {
          'data-testid': testId,
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
