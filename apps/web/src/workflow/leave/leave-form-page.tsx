import '../../i18n/workflow-texts.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toastSuccess } from '../../api/toast.ts';
import { startLeave } from '../api.ts';
import { RangePicker } from '../shared/range-picker.tsx';
import { UserSelect } from '../shared/user-select.tsx';
import { FlowChart } from '../viewer/flow-dialog.tsx';

type Values = { range: [Dayjs, Dayjs]; reason: string; taskUser: string };
const at = (d: Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');

/** /work/process/leave/form/{processDefinitionId}: a leave request started on that definition. */
export function LeaveFormPage() {
  const { t } = useTranslation();
  const { processDefinitionId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await startLeave({
        processDefinitionId,
        startTime: at(v.range[0]),
        endTime: at(v.range[1]),
        reason: v.reason.trim(),
        taskUser: v.taskUser,
      });
      toastSuccess(t('wf.leave.submitted'));
      await client.invalidateQueries({ queryKey: ['wf'] });
      navigate('/work/send');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('wf.leave.formTitle')} data-testid="leave-form">
      <Form<Values> layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 640 }}>
        <Form.Item name="taskUser" label={t('wf.leave.taskUser')} rules={[{ required: true, message: t('wf.leave.taskUserRequired') }]}>
          <UserSelect testId="leave-taskUser" />
        </Form.Item>
        <Form.Item name="range" label={t('wf.leave.range')} rules={[{ required: true, message: t('wf.leave.rangeRequired') }]}>
          <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="leave-range" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('wf.leave.reason')}
          rules={[{ required: true, whitespace: true, message: t('wf.leave.reasonRequired') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} data-testid="leave-reason" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="leave-submit">
            {t('wf.leave.submit')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('wf.common.back')}</Button>
        </Space>
      </Form>
      <Card type="inner" title={t('wf.flow.title')} style={{ marginTop: 24 }}>
        <FlowChart target={{ processDefinitionId }} height={320} />
      </Card>
    </Card>
  );
}
