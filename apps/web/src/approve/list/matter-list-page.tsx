import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { useL } from '../../matter/forms/texts.ts';
import { usePaged } from '../../workflow/shared/use-paged.ts';
import { type ApplyRow, claim, fetchList, type ListKind, recall } from '../api.ts';
import { detailPath, handlePath } from '../paths.ts';
import { maskIdCard, WarnTag } from '../warn-state.tsx';
import { BatchDialog } from './batch-dialog.tsx';
import { ListTabs } from './list-tabs.tsx';
import { pagedTableProps } from './paged-table.ts';
import { SearchBar } from './search-bar.tsx';
import { SuspendAuditList } from './suspend-audit-list.tsx';

const rowKey = (r: ApplyRow) => `${r.applyId}-${r.taskId ?? ''}`;

/**
 * A task no one holds of a paused application (a publicity period suspends it on entering the
 * step): the server refuses its claim, so the row opens the handling page, where it is resumed.
 */
const pausedUnclaimed = (r: ApplyRow) => !r.claimed && ['SUSPENDED', 'AWAIT_SUPPLEMENT'].includes(r.status ?? '');

/** The request layer has shown the refusal already: the action just stops. */
const shown = () => false;

/** 待办事项, 已办事项, 办结事项: the caller's applications with the spec's columns. */
function MatterListPage({ kind, onAudit }: { kind: ListKind; onAudit?: (open: boolean) => void }) {
  const L = useL();
  const navigate = useNavigate();
  const client = useQueryClient();
  const perms = useButtonPermissions();
  const paged = usePaged(`approve-${kind}`, (q) => fetchList(kind, q));
  const [chosen, setChosen] = useState<ApplyRow[]>([]);
  const [batching, setBatching] = useState(false);
  const batch = kind === 'todo' && perms.has('approve_todo_batch');
  const reload = async () => {
    await client.invalidateQueries({ queryKey: ['wf'] });
    await client.invalidateQueries({ queryKey: ['approve'] });
  };
  // A refusal (409 已被他人签收, recall refused) is shown by the request layer as the server words it.
  const doClaim = async (r: ApplyRow) => {
    if (!(await claim(r.taskId ?? '').then(() => true, shown))) return;
    toastSuccess(L('签收成功', 'Claimed'));
    await reload();
  };
  const doRecall = (r: ApplyRow) =>
    Modal.confirm({
      title: L('确定撤回该事项吗？', 'Recall this application?'),
      content: L('下一环节尚未办理时才能撤回。', 'Only while the next step is untouched.'),
      onOk: async () => {
        if (!(await recall(r.applyId).then(() => true, shown))) return;
        toastSuccess(L('撤回成功', 'Recalled'));
        await reload();
      },
    });

  const actions = (r: ApplyRow) => {
    if (kind === 'todo')
      return (
        <Space size={0}>
          {!r.claimed && !pausedUnclaimed(r) && perms.has('approve_todo_claim') && (
            <Button type="link" size="small" onClick={() => void doClaim(r)} data-testid="approve-claim">
              {L('签收', 'Claim')}
            </Button>
          )}
          {perms.has('approve_todo_handle') && (
            <Button
              type="link"
              size="small"
              disabled={!r.claimed && !pausedUnclaimed(r)}
              onClick={() => navigate(handlePath(r))}
              data-testid="approve-handle"
            >
              {L('办理', 'Handle')}
            </Button>
          )}
        </Space>
      );
    return (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => navigate(detailPath(r, kind))} data-testid="approve-detail">
          {L('查看', 'View')}
        </Button>
        {kind === 'done' && r.canRecall && perms.has('approve_todo_recall') && (
          <Button type="link" size="small" onClick={() => doRecall(r)} data-testid="approve-recall">
            {L('撤回', 'Recall')}
          </Button>
        )}
      </Space>
    );
  };

  const columns: ColumnsType<ApplyRow> = [
    {
      title: L('状态', 'State'),
      dataIndex: 'warnState',
      width: 80,
      render: (v) => <WarnTag value={v} />,
    },
    { title: L('申请人', 'Applicant'), dataIndex: 'applicantName' },
    { title: L('事项名称', 'Matter'), dataIndex: 'itemName' },
    ...(kind === 'finish'
      ? [{ title: L('办结时间', 'Finished'), dataIndex: 'finishTime' }]
      : [
          { title: L('当前环节', 'Current step'), dataIndex: 'realCurActivityName' },
          kind === 'todo'
            ? { title: L('上一环节', 'Previous step'), dataIndex: 'prevActivityName' }
            : { title: L('我办理的环节', 'My step'), dataIndex: 'activityName' },
        ]),
    { title: L('申请时间', 'Applied'), dataIndex: 'createTime' },
    { title: L('受理时间', 'Accepted'), dataIndex: 'acceptDate' },
    kind === 'done'
      ? { title: L('办理时间', 'Handled'), dataIndex: 'handleTime' }
      : kind === 'todo'
        ? { title: L('环节期限', 'Step deadline'), dataIndex: 'curActivityDeadlineDate' }
        : { title: L('办件状态', 'Status'), dataIndex: 'statusName' },
    {
      title: L('身份证号', 'ID card'),
      dataIndex: 'applicantIdCard',
      render: (v: string | null) => maskIdCard(v),
    },
    { title: L('登记人', 'Registered by'), dataIndex: 'registerPeople' },
    { title: L('登记部门', 'Registering department'), dataIndex: 'registerDeptName' },
    { title: L('来源', 'Source'), dataIndex: 'dictName' },
    { title: L('操作', 'Actions'), key: 'actions', fixed: 'right', render: (_, r) => actions(r) },
  ];

  return (
    <Card data-testid={`approve-${kind}`}>
      <ListTabs active={kind} onAudit={onAudit} />
      <SearchBar onSearch={paged.search} />
      {batch && (
        <Button disabled={!chosen.length} onClick={() => setBatching(true)} style={{ marginBottom: 12 }} data-testid="approve-batch">
          {L('批量办理', 'Batch handle')}
        </Button>
      )}
      <Table<ApplyRow>
        {...pagedTableProps(paged, L)}
        rowKey={rowKey}
        columns={columns}
        rowSelection={
          batch
            ? {
                selectedRowKeys: chosen.map(rowKey),
                onChange: (_, rows) => setChosen(rows),
                // Only claimed tasks of steps that permit it can be handled together.
                getCheckboxProps: (r) => ({ disabled: !(r.claimed && r.ifPermitBatch) }),
              }
            : undefined
        }
      />
      <BatchDialog
        rows={chosen}
        open={batching}
        onClose={() => setBatching(false)}
        onDone={() => {
          setBatching(false);
          setChosen([]);
          void reload();
        }}
      />
    </Card>
  );
}

/** 待办事项, with the suspension requests to audit as a tab of the same screen. */
export function TodoMattersPage() {
  const [auditing, setAuditing] = useState(false);
  return auditing ? <SuspendAuditList onAudit={setAuditing} /> : <MatterListPage kind="todo" onAudit={setAuditing} />;
}
export const DoneMattersPage = () => <MatterListPage kind="done" />;
export const FinishMattersPage = () => <MatterListPage kind="finish" />;
