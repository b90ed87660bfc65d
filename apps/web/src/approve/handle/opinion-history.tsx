import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Timeline, Typography } from 'antd';
import { useL } from '../../matter/forms/texts.ts';
import { opinionHistory } from '../api.ts';

/** The opinions of the application, grouped by step (getOpinionHisByApplyId). */
export function OpinionHistory({ applyId }: { applyId: string }) {
  const L = useL();
  const { data, isLoading } = useQuery({ queryKey: ['approve', 'opinions', applyId], queryFn: () => opinionHistory(applyId) });
  if (isLoading) return <Spin />;
  if (!data?.length) return <Empty description={L('暂无审批意见', 'No opinions yet')} />;
  return (
    <Timeline
      data-testid="opinion-history"
      items={data.map((g) => ({
        key: g.activityId,
        children: (
          <section>
            <Typography.Text strong>{g.activityName}</Typography.Text>
            {g.opinions.map((o) => (
              <div key={o.id} data-testid="opinion-row" style={{ marginTop: 4 }}>
                <Typography.Text type="secondary">
                  {[o.userName, o.deptName, o.createTime, o.buttonName].filter(Boolean).join(' · ')}
                </Typography.Text>
                <div>{o.content}</div>
              </div>
            ))}
          </section>
        ),
      }))}
    />
  );
}
