import '../../i18n/workflow-texts.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toastSuccess } from '../../api/toast.ts';
import { completeTask, returnTask } from '../api.ts';
import { TaskActions } from '../shared/task-actions.tsx';
import { FlowChart } from '../viewer/flow-dialog.tsx';
import { LeaveFacts } from './leave-facts.tsx';
import { ReturnDialog } from './return-dialog.tsx';

/**
 * /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}: approve (the model's
 * gateway reads `pass`), reject, or return the request to an earlier step, with an opinion.
 */
export function LeaveHandlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const [form] = Form.useForm<{ comment?: string }>();
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);

  const finish = async (text: string) => {
    toastSuccess(text);
    await client.invalidateQueries({ queryKey: ['wf'] });
    navigate('/work/todo');
  };
  /** Approving needs no opinion (同意 is written); rejecting and returning do. */
  const opinion = async (required: boolean) => {
    form.setFields([{ name: 'comment', errors: [] }]);
    const comment = (form.getFieldValue('comment') ?? '').trim();
    if (required && !comment) {
      form.setFields([{ name: 'comment', errors: [t('wf.leave.commentRequired')] }]);
      return undefined;
    }
    return comment || t('wf.leave.approve');
  };
  const complete = async (pass: boolean) => {
    const comment = await opinion(!pass);
    if (comment === undefined) return;
    setBusy(true);
    try {
      await completeTask({ taskId, processInstanceId, flag: pass ? 'ok' : 'reject', comment, variables: { pass } });
      await finish(t('wf.leave.done'));
    } finally {
      setBusy(false);
    }
  };
  const goBack = async (targetNodeId: string) => {
    const comment = await opinion(true);
    if (comment === undefined) return setReturning(false);
    await returnTask({ taskId, targetNodeId, comment });
    setReturning(false);
    await finish(t('wf.leave.returned'));
  };

  return (
    <Card title={t('wf.leave.handleTitle')} data-testid="leave-handle">
      <LeaveFacts businessId={businessId} />
      <Form form={form} layout="vertical" style={{ marginTop: 16, maxWidth: 640 }}>
        <Form.Item name="comment" label={t('wf.leave.comment')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} data-testid="leave-comment" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={busy} onClick={() => void complete(true)} data-testid="leave-approve">
            {t('wf.leave.approve')}
          </Button>
          <Button danger loading={busy} onClick={() => void complete(false)} data-testid="leave-reject">
            {t('wf.leave.reject')}
          </Button>
          <Button onClick={() => setReturning(true)} data-testid="leave-return">
            {t('wf.leave.returnTo')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('wf.common.back')}</Button>
        </Space>
        <div style={{ marginTop: 12 }}>
          <TaskActions
            taskId={taskId}
            onDone={(stays) => (stays ? void client.invalidateQueries({ queryKey: ['wf'] }) : navigate('/work/todo'))}
          />
        </div>
      </Form>
      <ReturnDialog taskId={taskId} open={returning} onReturn={goBack} onClose={() => setReturning(false)} />
      <Card type="inner" title={t('wf.flow.title')} style={{ marginTop: 24 }}>
        <FlowChart target={{ processInstanceId }} />
      </Card>
    </Card>
  );
}
