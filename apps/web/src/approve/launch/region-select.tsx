import type { TreeNode } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/request.ts';

type Node = { id: string; pId: string; value: string; title: string; isLeaf: boolean };

const REGION = '/api/blade-system/region/lazy-tree';
const level = (parentId: string) =>
  getData<TreeNode[]>(REGION, { parentId }, { meta: { silentCodes: 'all' } })
    .then((nodes) => nodes.map((n) => ({ id: n.id, pId: parentId, value: n.id, title: n.title, isLeaf: !n.hasChildren })))
    .catch(() => [] as Node[]);

/** The applicant's region, one level of the region tree fetched as it opens (a flat list keyed by parent). */
export function RegionSelect(p: { value?: string; onChange?: (v: string) => void; placeholder?: string }) {
  const roots = useQuery({ queryKey: ['approve', 'region-roots'], queryFn: () => level('0'), staleTime: Number.POSITIVE_INFINITY });
  const [more, setMore] = useState<Node[]>([]);
  const nodes = [...(roots.data ?? []), ...more];
  return (
    <TreeSelect
      treeDataSimpleMode
      allowClear
      value={p.value || undefined}
      onChange={(v) => p.onChange?.(v ?? '')}
      treeData={nodes}
      placeholder={p.placeholder}
      loadData={async (node) => {
        const id = String(node.value);
        if (nodes.some((n) => n.pId === id)) return;
        const children = await level(id);
        setMore((m) => [...m, ...children]);
      }}
      data-testid="launch-region"
    />
  );
}
