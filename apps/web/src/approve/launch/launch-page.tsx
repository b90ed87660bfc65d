import type { TreeNode } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Row, Spin, Table, Tree } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastWarning } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { useL } from '../../matter/forms/texts.ts';
import { catalogueTree, enabledVersion, type MatterRow, mattersOf } from '../api.ts';
import { launchPath } from '../paths.ts';
import { MyDrafts } from './my-drafts.tsx';

type Node = { key: string; title: string; children?: Node[] };
const toNode = (n: TreeNode): Node => ({ key: n.id, title: n.title, children: n.children?.map(toNode) });

/** 事项申报: the enabled catalogue as a tree, its enabled matters beside it; 申报 opens the launch form. */
export function LaunchPage() {
  const L = useL();
  const navigate = useNavigate();
  const perms = useButtonPermissions();
  const [catalogue, setCatalogue] = useState<string>();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const tree = useQuery({ queryKey: ['approve', 'catalogue'], queryFn: catalogueTree });
  const q = { current: page.current, size: page.size, ...(name ? { itemName: name } : {}) };
  const matters = useQuery({
    queryKey: ['approve', 'matters', catalogue, q],
    queryFn: () => mattersOf(catalogue ?? '', q),
    enabled: Boolean(catalogue),
  });

  const launch = async (m: MatterRow) => {
    const version = await enabledVersion(m.id);
    if (version === null) return toastWarning(L('该事项没有启用的流程版本', 'The matter has no enabled workflow version'));
    navigate(`${launchPath(version ?? '0', m.itemName, m.itemNo)}?itemId=${m.id}`);
  };

  return (
    <Card data-testid="approve-launch">
      <Row gutter={16}>
        <Col xs={24} md={7}>
          {tree.isLoading ? (
            <Spin />
          ) : tree.data?.length ? (
            <Tree
              treeData={tree.data.map(toNode)}
              defaultExpandAll
              selectedKeys={catalogue ? [catalogue] : []}
              onSelect={(keys) => {
                setCatalogue(keys[0] ? String(keys[0]) : undefined);
                setPage((p) => ({ ...p, current: 1 }));
              }}
              data-testid="launch-catalogue"
            />
          ) : (
            <Empty description={L('暂无可申报的事项目录', 'No catalogue is open for applications')} />
          )}
        </Col>
        <Col xs={24} md={17}>
          <Input.Search
            allowClear
            maxLength={50}
            placeholder={L('事项名称', 'Matter name')}
            onSearch={(v) => {
              setName(v.trim());
              setPage((p) => ({ ...p, current: 1 }));
            }}
            style={{ maxWidth: 320, marginBottom: 12 }}
            data-testid="launch-search"
          />
          <Table<MatterRow>
            rowKey="id"
            size="middle"
            loading={matters.isFetching}
            dataSource={matters.data?.records ?? []}
            locale={{ emptyText: catalogue ? L('暂无数据', 'No data') : L('请先选择左侧目录', 'Choose a catalogue on the left') }}
            pagination={{
              current: page.current,
              pageSize: page.size,
              total: matters.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 30, 50, 100, 200],
              onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
            }}
            columns={[
              { title: L('事项名称', 'Matter'), dataIndex: 'itemName' },
              { title: L('事项编码', 'Code'), dataIndex: 'itemNo' },
              {
                title: L('操作', 'Actions'),
                key: 'actions',
                render: (_, m) =>
                  perms.has('approve_launch_register') && (
                    <Button type="link" size="small" onClick={() => void launch(m).catch(() => undefined)} data-testid="launch-item">
                      {L('申报', 'Apply')}
                    </Button>
                  ),
              },
            ]}
          />
        </Col>
      </Row>
      <MyDrafts />
    </Card>
  );
}
