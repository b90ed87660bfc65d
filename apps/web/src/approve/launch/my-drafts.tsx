import { useQuery } from '@tanstack/react-query';
import { Button, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useL } from '../../matter/forms/texts.ts';
import { type Apply, myDrafts } from '../api.ts';
import { launchPath } from '../paths.ts';

/** The applications saved with 暂存 and not yet registered: 继续填写 reopens one. */
export function MyDrafts() {
  const L = useL();
  const navigate = useNavigate();
  const { data, isFetching } = useQuery({ queryKey: ['approve', 'drafts'], queryFn: () => myDrafts({ current: 1, size: 10 }) });
  if (!data?.records.length) return null;
  return (
    <section style={{ marginTop: 24 }} data-testid="launch-drafts">
      <Typography.Title level={5}>{L('我的暂存', 'My drafts')}</Typography.Title>
      <Table<Apply>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data.records}
        pagination={false}
        columns={[
          { title: L('事项名称', 'Matter'), dataIndex: 'itemName' },
          { title: L('申请人', 'Applicant'), dataIndex: 'applicantName' },
          { title: L('暂存时间', 'Saved'), dataIndex: 'createTime' },
          {
            title: L('操作', 'Actions'),
            key: 'actions',
            render: (_, a) => (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  navigate(`${launchPath(a.mathfVersionId ?? '0', a.itemName ?? '', a.itemNo ?? '', a.id)}?itemId=${a.itemId ?? ''}`)
                }
                data-testid="launch-draft-open"
              >
                {L('继续填写', 'Continue')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
