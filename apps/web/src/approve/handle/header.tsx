import { useQuery } from '@tanstack/react-query';
import { Descriptions, Tag } from 'antd';
import { useL } from '../../matter/forms/texts.ts';
import { topRight } from '../api.ts';
import { WarnTag } from '../warn-state.tsx';

/** The application's status, deadlines and warnState (getCurrentTopRight). */
export function HandleHeader({ applyId, itemName }: { applyId: string; itemName: string }) {
  const L = useL();
  const { data } = useQuery({ queryKey: ['approve', 'top-right', applyId], queryFn: () => topRight(applyId) });
  const days = data?.remainingDays;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="handle-header" title={itemName}>
      <Descriptions.Item label={L('办件状态', 'Status')}>
        <Tag color="blue" data-testid="handle-status">
          {data?.statusName ?? data?.status ?? ''}
        </Tag>
        <WarnTag value={data?.warnState} />
      </Descriptions.Item>
      <Descriptions.Item label={L('当前环节', 'Current step')}>{data?.realCurActivityName ?? ''}</Descriptions.Item>
      <Descriptions.Item label={L('受理时间', 'Accepted')}>{data?.acceptDate ?? L('未受理', 'Not yet')}</Descriptions.Item>
      <Descriptions.Item label={L('剩余工作日', 'Working days left')}>
        <span data-testid="handle-remaining">
          {days === null || days === undefined ? '—' : days < 0 ? L(`已超期 ${-days} 天`, `${-days} days overdue`) : days}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={L('承诺期限', 'Promised by')}>{data?.promiseDeadline ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={L('法定期限', 'Legal deadline')}>{data?.legalDeadline ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={L('环节期限', 'Step deadline')}>{data?.curActivityDeadlineDate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={L('预警时间', 'Warning from')}>{data?.curActivityWarnDate ?? '—'}</Descriptions.Item>
      {Boolean(data?.suspendedDays) && (
        <Descriptions.Item label={L('挂起工作日', 'Suspended days')}>{data?.suspendedDays}</Descriptions.Item>
      )}
    </Descriptions>
  );
}
