import '../../i18n/workflow-texts.ts';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FlowChart } from '../viewer/flow-dialog.tsx';
import { LeaveFacts } from './leave-facts.tsx';

/** /work/process/leave/detail/{processInstanceId}/{businessId}: the request, its diagram and steps. */
export function LeaveDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processInstanceId = '', businessId = '' } = useParams();
  return (
    <Card
      title={t('wf.leave.detailTitle')}
      extra={<Button onClick={() => navigate(-1)}>{t('wf.common.back')}</Button>}
      data-testid="leave-detail"
    >
      <LeaveFacts businessId={businessId} />
      <Card type="inner" title={t('wf.flow.title')} style={{ marginTop: 24 }}>
        <FlowChart target={{ processInstanceId }} />
      </Card>
    </Card>
  );
}
