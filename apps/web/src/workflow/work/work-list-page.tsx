import '../../i18n/workflow-texts.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { type BladeFlow, claimTask, type WorkList, workList } from '../api.ts';
import { detailPath, handlePath } from '../shared/business.ts';
import { FilterBar } from '../shared/filter-bar.tsx';
import { usePaged } from '../shared/use-paged.ts';
import { FlowDialog, type FlowTarget } from '../viewer/flow-dialog.tsx';
import { WorkTabs } from './work-tabs.tsx';

/** 待签, 待办, 已发, 已办: one list each, filtered by process name, category and period. */
function WorkListPage({ list }: { list: WorkList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const perms = useButtonPermissions();
  const client = useQueryClient();
  const paged = usePaged(list, (q) => workList(list, q));
  const [flow, setFlow] = useState<FlowTarget>();
  const claim = async (r: BladeFlow) => {
    await claimTask(r.taskId ?? '');
    toastSuccess(t('wf.work.claimed'));
    await client.invalidateQueries({ queryKey: ['wf'] });
  };
  const open = (path?: string) => path && navigate(path);

  const action = (r: BladeFlow) => {
    if (list === 'claim')
      return (
        perms.has('work_claim_claim') && (
          <Button type="link" size="small" onClick={() => void claim(r)} data-testid="work-claim-action">
            {t('wf.work.claimAction')}
          </Button>
        )
      );
    if (list === 'todo')
      return (
        perms.has('work_todo_handle') && (
          <Button type="link" size="small" disabled={!handlePath(r)} onClick={() => open(handlePath(r))} data-testid="work-handle-action">
            {t('wf.work.handleAction')}
          </Button>
        )
      );
    return (
      <Button type="link" size="small" disabled={!detailPath(r)} onClick={() => open(detailPath(r))} data-testid="work-detail-action">
        {t('wf.common.detail')}
      </Button>
    );
  };
  const finished = (r: BladeFlow) => (
    <Tag color={r.processIsFinished ? 'success' : 'processing'}>{t(r.processIsFinished ? 'wf.work.finished' : 'wf.work.unfinished')}</Tag>
  );
  const columns: ColumnsType<BladeFlow> = [
    { title: t('wf.common.processName'), dataIndex: 'processDefinitionName' },
    { title: t('wf.common.category'), dataIndex: 'categoryName', render: (v, r) => v || r.category },
    { title: t('wf.work.taskName'), dataIndex: 'taskName' },
    { title: t('wf.common.startUser'), dataIndex: 'startUserName' },
    list === 'done'
      ? { title: t('wf.common.endTime'), dataIndex: 'endTime' }
      : { title: t(list === 'send' ? 'wf.common.createTime' : 'wf.work.arrived'), dataIndex: 'createTime' },
    ...(list === 'send' || list === 'done'
      ? [{ title: t('wf.work.processState'), key: 'state', render: (_: unknown, r: BladeFlow) => finished(r) }]
      : []),
    {
      title: t('wf.common.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space>
          {action(r)}
          <Button type="link" size="small" onClick={() => setFlow({ processInstanceId: r.processInstanceId })} data-testid="wf-view">
            {t('wf.common.view')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card data-testid={`work-${list}`}>
      <WorkTabs active={list} />
      <FilterBar texts={[{ param: 'processDefinitionName', label: 'wf.common.processName' }]} period onSearch={paged.search} />
      <Table<BladeFlow>
        rowKey={(r) => `${r.processInstanceId}-${r.taskId ?? ''}`}
        size="middle"
        loading={paged.loading}
        dataSource={paged.rows}
        pagination={paged.pagination}
        columns={columns}
      />
      <FlowDialog target={flow} onClose={() => setFlow(undefined)} />
    </Card>
  );
}

export const WorkClaimPage = () => <WorkListPage list="claim" />;
export const WorkTodoPage = () => <WorkListPage list="todo" />;
export const WorkSendPage = () => <WorkListPage list="send" />;
export const WorkDonePage = () => <WorkListPage list="done" />;
