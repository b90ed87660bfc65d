import '../../i18n/workflow-texts.ts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { leaveDetail } from '../api.ts';

/** The leave request's own fields (blade-desk/process/leave/detail). */
export function LeaveFacts({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['wf', 'leave', businessId], queryFn: () => leaveDetail(businessId) });
  if (!data) return <Spin />;
  return (
    <Descriptions bordered size="small" column={2} data-testid="leave-facts">
      <Descriptions.Item label={t('wf.leave.applicant')}>{data.applyUserName}</Descriptions.Item>
      <Descriptions.Item label={t('wf.common.createTime')}>{data.createTime}</Descriptions.Item>
      <Descriptions.Item label={t('wf.leave.startTime')}>{data.startTime}</Descriptions.Item>
      <Descriptions.Item label={t('wf.leave.endTime')}>{data.endTime}</Descriptions.Item>
      {data.days !== undefined && <Descriptions.Item label={t('wf.leave.days')}>{data.days}</Descriptions.Item>}
      <Descriptions.Item label={t('wf.leave.reason')} span={2}>
        {data.reason}
      </Descriptions.Item>
    </Descriptions>
  );
}
