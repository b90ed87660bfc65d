import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RequestError } from '../../api/request.ts';
import { toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { useL } from '../../matter/forms/texts.ts';
import { checkActivity, claim, current, handleTask, type StepRef } from '../api.ts';
import { StepForm } from '../lazy-parts.tsx';
import { MaterialsSlot, SignSlot } from '../panels.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { ApplicantInfo } from './applicant-info.tsx';
import { FlowTab } from './flow-tab.tsx';
import { HandleHeader } from './header.tsx';
import { MaterialsCheck } from './materials-check.tsx';
import { MoreActions } from './more-actions.tsx';
import { OpinionBar } from './opinion-bar.tsx';
import { OpinionHistory } from './opinion-history.tsx';
import { SuspendAudit } from './suspend-audit.tsx';

const SUSPENDED = new Set(['SUSPENDED', 'AWAIT_SUPPLEMENT']);

/**
 * 办理 (`/matters/fillref/detail/{applyId}/{itemName}/{type}/{realCurActivityName}`) and its
 * read-only variants (`/todomat/…`, `/donemat/…`). The step named in the address is the one every
 * write carries: when the application has moved on, the server refuses (409) and the page says so
 * and offers to reload at the current step.
 */
function ApprovePage({ readOnly }: { readOnly: boolean }) {
  const L = useL();
  const navigate = useNavigate();
  const client = useQueryClient();
  const perms = useButtonPermissions();
  const { applyId = '', itemName = '', type = 'todo', realCurActivityName = '' } = useParams();
  const [stale, setStale] = useState(false);
  const cur = useQuery({ queryKey: ['approve', 'current', applyId], queryFn: () => current(applyId), retry: false });
  const check = useQuery({
    queryKey: ['approve', 'check', applyId, realCurActivityName],
    queryFn: () => checkActivity(applyId, realCurActivityName),
    enabled: !readOnly,
    retry: false,
  });
  const tasks = cur.data?.tasks ?? [];
  const task =
    tasks.find((t) => t.realCurActivityName === realCurActivityName && (t.canHandle || t.canClaim)) ?? tasks.find((t) => t.canHandle);
  // Where the page may write: a task the caller holds, on the step the address names, with the right to handle.
  const at: StepRef | undefined =
    !readOnly && task?.canHandle && !stale && check.data?.current !== false && perms.has('approve_todo_handle')
      ? { applyId, taskId: task.taskId, realCurActivityName }
      : undefined;
  // While the application is suspended or awaits a supplement the server offers no step work
  // (canHandle is false), yet whoever holds the task files what the applicant brings and resumes it.
  const held =
    !readOnly && SUSPENDED.has(cur.data?.apply.status ?? '') && !stale && perms.has('approve_todo_handle')
      ? tasks.find((t) => t.claimed && t.realCurActivityName === realCurActivityName)
      : undefined;
  // A task no one holds while the application is paused (a publicity period suspends it on entering
  // the step): it cannot be claimed, but its candidates may resume it early, then claim it.
  const paused = !readOnly && SUSPENDED.has(cur.data?.apply.status ?? '');
  const resumable =
    paused && !stale && task && !task.claimed && task.canClaim && perms.has('approve_todo_handle')
      ? { applyId, taskId: task.taskId, realCurActivityName }
      : undefined;
  const [resuming, setResuming] = useState(false);
  /** Where the task actions and the materials may write: the step being worked on, or held while paused. */
  const acting: StepRef | undefined = at ?? (held ? { applyId, taskId: held.taskId, realCurActivityName } : undefined);
  const movedTo = check.data?.realCurActivityName;

  const refresh = () => client.invalidateQueries({ queryKey: ['approve'] });
  /** A refusal because the step moved on turns the page read-only with the notice; other errors were shown already. */
  const onError = (e: unknown) => {
    if (e instanceof RequestError && e.status === 409) {
      setStale(true);
      void check.refetch();
    }
  };
  const onDone = async (stays: boolean) => {
    toastSuccess(L('办理成功', 'Done'));
    await client.invalidateQueries({ queryKey: ['wf'] });
    await refresh();
    if (!stays) navigate('/matters/todo');
  };
  const reloadAt = (name?: string) => {
    setStale(false);
    if (name && name !== realCurActivityName)
      navigate(`/matters/fillref/detail/${applyId}/${encodeURIComponent(itemName)}/${type}/${encodeURIComponent(name)}`, { replace: true });
    void refresh();
  };
  const doResume = async () => {
    if (!resumable) return;
    try {
      await handleTask(resumable, 'resume');
    } catch (e) {
      setResuming(false);
      return onError(e);
    }
    setResuming(false);
    toastSuccess(L('已恢复，请签收后办理', 'Resumed; claim the task to handle it'));
    await client.invalidateQueries({ queryKey: ['wf'] });
    await refresh();
  };
  const doClaim = async () => {
    if (!task) return;
    await claim(task.taskId).catch(() => undefined);
    await refresh();
  };

  if (cur.isLoading) return <Spin />;
  if (!cur.data)
    return <Alert type="error" showIcon message={L('办件不存在或无权查看', 'The application does not exist or you may not see it')} />;
  const isStale = !readOnly && (stale || check.data?.current === false);

  return (
    <Card data-testid={readOnly ? 'approve-detail-page' : 'approve-handle-page'}>
      <HandleHeader applyId={applyId} itemName={itemName && itemName !== '-' ? itemName : (cur.data.apply.itemName ?? '')} />
      {isStale && (
        <Alert
          type="warning"
          showIcon
          data-testid="stale-notice"
          message={
            check.data?.current === false
              ? L('办件已流转到下一环节，本页不能再提交', 'The application has moved on; this page can no longer submit')
              : L('办件已被他人处理或状态已变化，请刷新后再办理', 'Someone else acted on the application; reload before going on')
          }
          description={movedTo ? L(`当前环节：${movedTo}`, `Current step: ${movedTo}`) : undefined}
          action={
            <Space>
              <Button size="small" onClick={() => reloadAt(movedTo)} data-testid="stale-reload">
                {L('刷新', 'Reload')}
              </Button>
              <Button size="small" onClick={() => navigate('/matters/todo')}>
                {L('返回待办', 'Back to the list')}
              </Button>
            </Space>
          }
        />
      )}
      {cur.data.suspendRequest && (
        <SuspendAudit
          applyId={applyId}
          request={cur.data.suspendRequest}
          mayHandle={perms.has('approve_todo_handle')}
          onDone={() => {
            toastSuccess(L('审核完成', 'Done'));
            // the lists (挂起审核 among them) read it again
            void client.invalidateQueries({ queryKey: ['wf'] });
            // An auditor reads the application only while the request waits: the read-only page
            // leads back to the lists; a handler stays on the task.
            if (readOnly) navigate('/matters/todo');
            else void refresh();
          }}
          onError={() => void refresh()}
        />
      )}
      {resumable && !isStale && (
        <Alert
          type="warning"
          showIcon
          data-testid="paused-unclaimed"
          message={L('办件已挂起，恢复后才能签收办理', 'The application is suspended; resume it to claim and handle it')}
          description={L('公示等挂起期内可提前恢复。', 'A suspension such as a publicity period may be ended early.')}
          action={
            <Button size="small" type="primary" onClick={() => setResuming(true)} data-testid="handle-resume">
              {L('恢复', 'Resume')}
            </Button>
          }
        />
      )}
      {resumable && (
        <ActionDialog
          applyId={applyId}
          action={resuming ? { key: 'resume', label: L('恢复', 'Resume') } : undefined}
          onRun={() => doResume()}
          onClose={() => setResuming(false)}
        />
      )}
      {!readOnly && !isStale && !paused && task && !task.canHandle && task.canClaim && perms.has('approve_todo_claim') && (
        <Alert
          type="info"
          showIcon
          message={L('请先签收再办理', 'Claim the task to handle it')}
          action={
            <Button size="small" type="primary" onClick={() => void doClaim()} data-testid="handle-claim">
              {L('签收', 'Claim')}
            </Button>
          }
        />
      )}
      <Tabs
        style={{ marginTop: 12 }}
        items={[
          {
            key: 'form',
            label: L('办理表单', 'Form'),
            children: <StepForm applyId={applyId} at={at} onStale={onError} />,
          },
          { key: 'applicant', label: L('申请信息', 'Applicant'), children: <ApplicantInfo data={cur.data} /> },
          {
            key: 'materials',
            label: L('申请材料', 'Materials'),
            children: (
              <>
                <MaterialsSlot applyId={applyId} elementId={(task ?? held)?.elementId} readOnly={!acting} />
                {at && <MaterialsCheck at={at} onError={onError} />}
              </>
            ),
          },
          {
            key: 'sign',
            label: L('电子签章', 'Signing'),
            children: <SignSlot applyId={applyId} elementId={task?.elementId} readOnly={!at} />,
          },
          { key: 'opinions', label: L('审批意见', 'Opinions'), children: <OpinionHistory applyId={applyId} /> },
          { key: 'flow', label: L('流程图', 'Flow chart'), children: <FlowTab applyId={applyId} /> },
        ]}
      />
      {acting && (
        <>
          <div style={{ height: 24 }} />
          {at && <OpinionBar at={at} activityId={task?.activityId} onDone={(s) => void onDone(s)} onError={onError} />}
          <div style={{ height: 16 }} />
          <MoreActions
            at={acting}
            activityId={(task ?? held)?.activityId}
            status={cur.data.apply.status ?? undefined}
            onDone={(s) => void onDone(s)}
            onError={onError}
          />
        </>
      )}
      <div style={{ height: 24 }} />
      <Button onClick={() => navigate(-1)}>{L('返回', 'Back')}</Button>
    </Card>
  );
}

export const HandlePage = () => <ApprovePage readOnly={false} />;
export const HandleDetailPage = () => <ApprovePage readOnly />;
