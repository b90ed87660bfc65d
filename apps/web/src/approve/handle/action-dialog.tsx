import { useQuery } from '@tanstack/react-query';
import { type ButtonProps, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useL } from '../../matter/forms/texts.ts';
import { UserSelect } from '../../workflow/shared/user-select.tsx';
import { type ActionInput, type TaskAction, visitedSteps } from '../api.ts';

/** What each hand-over or state action asks for. */
export const actionNeeds: Record<TaskAction, { user?: boolean; users?: boolean; target?: boolean; reason?: boolean }> = {
  unclaim: {},
  delegate: { user: true },
  transfer: { user: true },
  cc: { users: true },
  addSign: { users: true },
  back: { target: true, reason: true },
  notAccept: { reason: true },
  supplement: { reason: true },
  suspend: { reason: true },
  suspendApprove: {},
  suspendReject: { reason: true },
  resume: {},
  withdraw: { reason: true },
  terminate: { reason: true },
};

type Values = { userId?: string; userIds?: string[]; position?: 'before' | 'after'; targetActivityId?: string; reason?: string };

/** 退回 targets: the steps visited before the current one, each once. */
export function backTargets(steps: { activityId: string; activityName: string; endTime?: string | null }[], currentActivityId?: string) {
  const seen = new Map<string, string>();
  for (const s of steps) if (s.endTime && s.activityId !== currentActivityId) seen.set(s.activityId, s.activityName || s.activityId);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/**
 * One dialog for the task actions of handleTask: asks for the users, the step to go back to, or
 * the reason the action needs (a reason is required where the server requires one), then runs it.
 */
export function ActionDialog(p: {
  applyId: string;
  activityId?: string;
  action?: { key: TaskAction; label: string };
  onRun: (key: TaskAction, input: ActionInput) => Promise<void>;
  onClose: () => void;
}) {
  const L = useL();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const needs = p.action ? actionNeeds[p.action.key] : {};
  const steps = useQuery({
    queryKey: ['approve', 'visited', p.applyId],
    queryFn: () => visitedSteps(p.applyId),
    enabled: Boolean(needs.target),
  });
  const run = async () => {
    if (!p.action) return;
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setBusy(true);
    try {
      await p.onRun(p.action.key, { ...v, reason: v.reason?.trim() });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={Boolean(p.action)}
      title={p.action?.label}
      onCancel={p.onClose}
      onOk={() => void run()}
      okButtonProps={{ loading: busy, 'data-testid': 'approve-action-ok' } as ButtonProps}
      destroyOnHidden
      maskClosable={false}
      data-testid="approve-action-dialog"
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ position: 'after' }}>
        {needs.user && (
          <Form.Item name="userId" label={L('办理人', 'User')} rules={[{ required: true, message: L('请选择办理人', 'Choose a user') }]}>
            <UserSelect excludeSelf testId="approve-action-user" />
          </Form.Item>
        )}
        {p.action?.key === 'addSign' && (
          <Form.Item name="position" label={L('加签方式', 'Position')}>
            <Radio.Group
              options={[
                { value: 'before', label: L('前加签', 'Before me') },
                { value: 'after', label: L('后加签', 'After me') },
              ]}
            />
          </Form.Item>
        )}
        {needs.users && (
          <Form.Item name="userIds" label={L('人员', 'Users')} rules={[{ required: true, message: L('请选择人员', 'Choose the users') }]}>
            <UserSelect multiple excludeSelf testId="approve-action-users" />
          </Form.Item>
        )}
        {needs.target && (
          <Form.Item
            name="targetActivityId"
            label={L('退回到', 'Back to')}
            rules={[{ required: true, message: L('请选择退回环节', 'Choose the step to go back to') }]}
          >
            <Select options={backTargets(steps.data ?? [], p.activityId)} loading={steps.isLoading} data-testid="approve-action-target" />
          </Form.Item>
        )}
        {needs.reason && (
          <Form.Item
            name="reason"
            label={L('理由', 'Reason')}
            rules={[{ required: true, whitespace: true, message: L('请填写理由', 'Enter the reason') }, { max: 500 }]}
          >
            <Input.TextArea rows={3} data-testid="approve-action-reason" />
          </Form.Item>
        )}
        {!needs.user && !needs.users && !needs.target && !needs.reason && <p>{L('确定执行该操作吗？', 'Go ahead?')}</p>}
      </Form>
    </Modal>
  );
}
