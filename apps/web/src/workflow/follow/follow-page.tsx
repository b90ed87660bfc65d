import '../../i18n/workflow-texts.ts';
import { Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { deleteInstance, type FollowRow, followList, migrateInstance, suspendInstance } from '../api.ts';
import { FilterBar } from '../shared/filter-bar.tsx';
import { usePaged } from '../shared/use-paged.ts';
import { FlowDialog, type FlowTarget } from '../viewer/flow-dialog.tsx';
import { DeleteInstanceDialog } from './delete-dialog.tsx';
import { MigrateDialog } from './migrate-dialog.tsx';

const statusColour = { running: 'processing', suspended: 'warning', completed: 'success', terminated: 'default' } as const;

/** 流程跟踪: the instances the user may see — diagram, suspend/resume, delete with a reason. */
export function FollowPage() {
  const { t } = useTranslation();
  const perms = useButtonPermissions();
  const list = usePaged('follow', followList);
  const [flow, setFlow] = useState<FlowTarget>();
  const [deleting, setDeleting] = useState<FollowRow>();
  const [migrating, setMigrating] = useState<FollowRow>();
  const done = () => {
    toastSuccess(t('wf.common.ok'));
    list.refetch();
  };
  const live = (r: FollowRow) => r.status === 'running' || r.status === 'suspended';
  return (
    <Card data-testid="flow-follow">
      <FilterBar
        category={false}
        texts={[
          { param: 'name', label: 'wf.common.processName' },
          { param: 'processDefinitionKey', label: 'wf.common.processKey' },
          { param: 'startUserName', label: 'wf.common.startUser' },
        ]}
        onSearch={list.search}
      />
      <Table<FollowRow>
        rowKey="processInstanceId"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: t('wf.common.processName'), dataIndex: 'processDefinitionName' },
          { title: t('wf.common.processKey'), dataIndex: 'processDefinitionKey' },
          {
            title: t('wf.common.version'),
            dataIndex: 'processDefinitionVersion',
            render: (v) => v && <Tag>{t('wf.common.versionOf', { v })}</Tag>,
          },
          { title: t('wf.common.startUser'), dataIndex: 'startUserName' },
          { title: t('wf.follow.current'), dataIndex: 'currentActivityNames' },
          { title: t('wf.common.createTime'), dataIndex: 'createTime' },
          {
            title: t('wf.common.status'),
            dataIndex: 'status',
            render: (s: FollowRow['status']) => <Tag color={statusColour[s]}>{t(`wf.follow.${s}`)}</Tag>,
          },
          {
            title: t('wf.common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setFlow({ processInstanceId: r.processInstanceId })} data-testid="wf-view">
                  {t('wf.common.view')}
                </Button>
                {live(r) && perms.has('flow_follow_suspend') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={async () => {
                      await suspendInstance(r.processInstanceId, r.status === 'running');
                      done();
                    }}
                    data-testid="follow-suspend"
                  >
                    {t(r.status === 'running' ? 'wf.follow.suspend' : 'wf.follow.resume')}
                  </Button>
                )}
                {live(r) && perms.has('flow_follow_migrate') && (
                  <Button type="link" size="small" onClick={() => setMigrating(r)} data-testid="follow-migrate">
                    {t('wf.actions.migrate')}
                  </Button>
                )}
                {live(r) && perms.has('flow_follow_delete') && (
                  <Button type="link" size="small" danger onClick={() => setDeleting(r)} data-testid="follow-delete">
                    {t('wf.common.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <DeleteInstanceDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(undefined)}
        onDelete={async (reason) => {
          if (deleting) await deleteInstance(deleting.processInstanceId, reason);
          setDeleting(undefined);
          done();
        }}
      />
      <MigrateDialog
        row={migrating}
        onClose={() => setMigrating(undefined)}
        onMigrate={async (definitionId, mapping) => {
          if (migrating) await migrateInstance(migrating.processInstanceId, definitionId, mapping);
          setMigrating(undefined);
          done();
        }}
      />
      <FlowDialog target={flow} onClose={() => setFlow(undefined)} />
    </Card>
  );
}
