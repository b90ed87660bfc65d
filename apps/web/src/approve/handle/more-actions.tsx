import { Button, Space } from 'antd';
import { useState } from 'react';
import { useL } from '../../matter/forms/texts.ts';
import { type ActionInput, handleTask, type StepRef, type TaskAction } from '../api.ts';
import { ActionDialog } from './action-dialog.tsx';

const SUSPENDED = new Set(['SUSPENDED', 'AWAIT_SUPPLEMENT']);

/**
 * The task actions beside the step's buttons (handleTask): hand-over (委派, 转办, 抄送, 加签),
 * 退回, 挂起 or 恢复, 补正, 不予受理 (before acceptance only), and giving the task back (释放).
 * `onDone(stays)`: stays is false when the task is no longer the caller's to finish now.
 */
export function MoreActions(p: {
  at: StepRef;
  activityId?: string;
  status?: string;
  onDone: (stays: boolean) => void;
  onError: (e: unknown) => void;
}) {
  const L = useL();
  const [open, setOpen] = useState<{ key: TaskAction; label: string }>();
  const suspended = SUSPENDED.has(p.status ?? '');
  const items: { key: TaskAction; label: string; show: boolean }[] = [
    { key: 'delegate', label: L('委派', 'Delegate'), show: !suspended },
    { key: 'transfer', label: L('转办', 'Transfer'), show: !suspended },
    { key: 'cc', label: L('抄送', 'CC'), show: !suspended },
    { key: 'addSign', label: L('加签', 'Add signer'), show: !suspended },
    { key: 'back', label: L('退回', 'Go back'), show: !suspended },
    { key: 'supplement', label: L('补正', 'Request supplement'), show: !suspended },
    { key: 'suspend', label: L('挂起', 'Suspend'), show: !suspended },
    { key: 'resume', label: L('恢复', 'Resume'), show: suspended },
    { key: 'notAccept', label: L('不予受理', 'Not accept'), show: p.status === 'SUBMITTED' },
    { key: 'unclaim', label: L('释放签收', 'Release'), show: !suspended },
  ];
  // The task stays the caller's after a CC, an add-signer after them, and the state changes of the application.
  const stays = (key: TaskAction, input: ActionInput) =>
    key === 'cc' || key === 'suspend' || key === 'resume' || (key === 'addSign' && input.position !== 'before');
  const run = async (key: TaskAction, input: ActionInput) => {
    try {
      await handleTask(p.at, key, input);
    } catch (e) {
      setOpen(undefined);
      return p.onError(e);
    }
    setOpen(undefined);
    p.onDone(stays(key, input));
  };
  return (
    <>
      <Space wrap data-testid="more-actions">
        {items
          .filter((i) => i.show)
          .map((i) => (
            <Button key={i.key} onClick={() => setOpen(i)} data-testid={`action-${i.key}`}>
              {i.label}
            </Button>
          ))}
      </Space>
      <ActionDialog applyId={p.at.applyId} activityId={p.activityId} action={open} onRun={run} onClose={() => setOpen(undefined)} />
    </>
  );
}
