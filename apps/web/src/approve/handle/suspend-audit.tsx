import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { useL } from '../../matter/forms/texts.ts';
import { type ActionInput, auditSuspension, type SuspendRequest, type TaskAction } from '../api.ts';
import { ActionDialog } from './action-dialog.tsx';

/**
 * A suspension request awaiting audit (挂起审核): shown to everyone who opens the application; the
 * step's leader role (the server says `canAudit`) approves it or rejects it with a reason.
 */
export function SuspendAudit(p: {
  applyId: string;
  request: SuspendRequest;
  mayHandle: boolean;
  onDone: () => void;
  onError: (e: unknown) => void;
}) {
  const L = useL();
  const [open, setOpen] = useState<{ key: TaskAction; label: string }>();
  const r = p.request;
  const run = async (key: TaskAction, input: ActionInput) => {
    try {
      await auditSuspension(p.applyId, key === 'suspendApprove' ? 'suspendApprove' : 'suspendReject', input.reason);
    } catch (e) {
      setOpen(undefined);
      return p.onError(e);
    }
    setOpen(undefined);
    p.onDone();
  };
  return (
    <>
      <Alert
        type="warning"
        showIcon
        data-testid="suspend-request"
        message={L('挂起申请待审核', 'Suspension request awaiting audit')}
        description={`${r.reason ?? ''}（${r.requestedByName ?? r.requestedBy}，${r.requestTime}）`}
        action={
          r.canAudit && p.mayHandle ? (
            <Space>
              <Button
                size="small"
                type="primary"
                onClick={() => setOpen({ key: 'suspendApprove', label: L('同意挂起', 'Approve') })}
                data-testid="suspend-approve"
              >
                {L('同意挂起', 'Approve')}
              </Button>
              <Button
                size="small"
                onClick={() => setOpen({ key: 'suspendReject', label: L('驳回挂起', 'Reject') })}
                data-testid="suspend-reject"
              >
                {L('驳回', 'Reject')}
              </Button>
            </Space>
          ) : undefined
        }
      />
      <ActionDialog applyId={p.applyId} action={open} onRun={run} onClose={() => setOpen(undefined)} />
    </>
  );
}
