import '../../i18n/workflow-texts.ts';
import { Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastWarning } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { type FlowProcess, startList } from '../api.ts';
import { formPath } from '../shared/business.ts';
import { FilterBar } from '../shared/filter-bar.tsx';
import { usePaged } from '../shared/use-paged.ts';
import { FlowDialog, type FlowTarget } from '../viewer/flow-dialog.tsx';
import { WorkTabs } from './work-tabs.tsx';

/** 发起: the active definitions the user may start; 发起 opens the definition's start form. */
export function WorkStartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const perms = useButtonPermissions();
  const list = usePaged('start', startList);
  const [flow, setFlow] = useState<FlowTarget>();
  const start = (p: FlowProcess) => {
    const path = formPath(p);
    if (path) navigate(path);
    else toastWarning(t('wf.work.noForm'));
  };
  return (
    <Card data-testid="work-start">
      <WorkTabs active="start" />
      <FilterBar texts={[{ param: 'name', label: 'wf.common.processName' }]} onSearch={list.search} />
      <Table<FlowProcess>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: t('wf.common.category'), dataIndex: 'categoryName', render: (v, r) => v || r.category },
          { title: t('wf.common.processName'), dataIndex: 'name' },
          { title: t('wf.common.processKey'), dataIndex: 'key' },
          { title: t('wf.common.version'), dataIndex: 'version', render: (v) => <Tag>{t('wf.common.versionOf', { v })}</Tag> },
          { title: t('wf.work.deploymentTime'), dataIndex: 'deploymentTime' },
          {
            title: t('wf.common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space>
                {perms.has('work_start_start') && (
                  <Button type="link" size="small" onClick={() => start(r)} data-testid="work-start-action">
                    {t('wf.work.startAction')}
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setFlow({ processDefinitionId: r.id })} data-testid="wf-view">
                  {t('wf.common.view')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FlowDialog target={flow} onClose={() => setFlow(undefined)} />
    </Card>
  );
}
