import { type Label, permCode, type Resource } from '@civdesk/meta';
import { L, matIntCatalogueType } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { Col, Row as Grid, Spin, Tag, Tree, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { fetchTree, type Row } from '../../crud/crud-api.ts';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import type { ExtraRowAction } from '../../crud/row-actions.tsx';
import { useLang } from '../../i18n/index.ts';
import { confirmPost } from '../../resources/shared/actions.ts';
import { toAntTree } from '../../resources/shared/tree-data.ts';
import { ItemParts } from './item-parts.tsx';

const ALL = '';

/**
 * Matters: the catalogue tree on the left narrows the matter list on the right; a matter's
 * configuration (guide, conditions, addresses …) opens under the list. Enabling and disabling go
 * through updateItemStatus.
 */
export function MatterScreen({ resource: r }: { resource: Resource }) {
  const lang = useLang();
  const tr = (l: Label) => l[lang];
  const [catalogue, setCatalogue] = useState<string>();
  const [item, setItem] = useState<Row | null>(null);
  const list = useRef<ResourcePageHandle>(null);
  const tree = useQuery({ queryKey: ['matter-catalogue-tree'], queryFn: () => fetchTree(matIntCatalogueType.api) });
  const nodes = useMemo(() => toAntTree(tree.data), [tree.data]);
  const fixed = useMemo(() => (catalogue ? { catalogueType: catalogue } : undefined), [catalogue]);
  const reload = () => list.current?.reload();
  const setStatus = (row: Row, to: 0 | 1) =>
    confirmPost(
      tr(to === 1 ? L('确定启用该事项吗?', 'Enable this matter?') : L('确定停用该事项吗?', 'Disable this matter?')),
      `${r.api}/updateItemStatus`,
      { id: row.id, itemStatus: String(to) },
      reload,
    );
  const rowActions: ExtraRowAction[] = [
    { key: 'parts', label: tr(L('配置', 'Configure')), perm: permCode(r, 'view'), onClick: setItem },
    {
      key: 'enable',
      label: tr(L('启用', 'Enable')),
      perm: permCode(r, 'status'),
      hidden: (row) => Number(row.itemStatus) === 1,
      onClick: (row) => setStatus(row, 1),
    },
    {
      key: 'disable',
      label: tr(L('停用', 'Disable')),
      perm: permCode(r, 'status'),
      danger: true,
      hidden: (row) => Number(row.itemStatus) !== 1,
      onClick: (row) => setStatus(row, 0),
    },
  ];
  return (
    <Grid gutter={12} wrap={false} data-testid="matter-screen">
      <Col flex="260px">
        <div style={{ background: 'var(--shell-surface)', borderRadius: 8, padding: 8 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {tr(L('事项目录', 'Catalogue'))}
          </Typography.Title>
          {tree.isLoading ? (
            <Spin />
          ) : (
            <div data-testid="matter-catalogue-tree">
              <Tree
                blockNode
                defaultExpandAll
                treeData={[{ key: ALL, title: tr(L('全部目录', 'All catalogues')), children: nodes }]}
                selectedKeys={[catalogue ?? ALL]}
                onSelect={(keys) => setCatalogue(keys.length && keys[0] !== ALL ? String(keys[0]) : undefined)}
              />
            </div>
          )}
        </div>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ResourcePage
          resource={r}
          handle={list}
          fixedQuery={fixed}
          defaults={catalogue ? { catalogueType: catalogue } : undefined}
          rowActions={rowActions}
          renderCell={{
            itemStatus: (row) =>
              Number(row.itemStatus) === 1 ? (
                <Tag color="green" data-testid={`item-status-${row.id}`}>
                  {tr(L('启用', 'Enabled'))}
                </Tag>
              ) : (
                <Tag data-testid={`item-status-${row.id}`}>{tr(L('停用', 'Disabled'))}</Tag>
              ),
          }}
        />
        {item && <ItemParts key={item.id} item={item} onClose={() => setItem(null)} />}
      </Col>
    </Grid>
  );
}
