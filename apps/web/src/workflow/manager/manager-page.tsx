import '../../i18n/workflow-texts.ts';
import { Button, type ButtonProps, Card, Modal, Space, Table, Tag } from 'antd';
import type { AxiosResponse } from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { changeState, deleteDeployment, type FlowProcess, managerList } from '../api.ts';
import { FilterBar } from '../shared/filter-bar.tsx';
import { usePaged } from '../shared/use-paged.ts';
import { FlowDialog, type FlowTarget } from '../viewer/flow-dialog.tsx';
import { UploadDialog } from './upload-dialog.tsx';

/** 部署管理: the deployed definitions — activate/suspend, deploy BPMN files, delete a deployment. */
export function ManagerPage() {
  const { t } = useTranslation();
  const perms = useButtonPermissions();
  const list = usePaged('manager', managerList);
  const [flow, setFlow] = useState<FlowTarget>();
  const [uploading, setUploading] = useState(false);
  const done = () => {
    toastSuccess(t('wf.common.ok'));
    list.refetch();
  };
  const toggle = async (p: FlowProcess) => {
    await changeState(p.id, p.suspensionState === 1 ? 'suspend' : 'active');
    done();
  };
  /** Refused while instances run: the server's message is shown and cascading is offered. */
  const remove = async (p: FlowProcess) => {
    try {
      await deleteDeployment(p.deploymentId, false);
      done();
    } catch (e) {
      const msg = String((e as AxiosResponse<{ msg?: string }>)?.data?.msg ?? '');
      if (!msg.includes('运行中')) {
        if (msg) toastError(msg);
        return;
      }
      Modal.confirm({
        title: t('wf.manager.cascadeTitle'),
        content: t('wf.manager.cascadeConfirm', { msg }),
        okText: t('wf.manager.cascade'),
        okButtonProps: { danger: true, 'data-testid': 'cascade-ok' } as ButtonProps,
        onOk: async () => {
          await deleteDeployment(p.deploymentId, true);
          done();
        },
      });
    }
  };
  const confirmRemove = (p: FlowProcess) =>
    Modal.confirm({
      title: t('wf.manager.deleteTitle'),
      content: t('wf.manager.deleteConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'delete-ok' } as ButtonProps,
      onOk: () => void remove(p),
    });

  return (
    <Card
      data-testid="flow-manager"
      extra={
        perms.has('flow_manager_upload') && (
          <Button type="primary" onClick={() => setUploading(true)} data-testid="deploy-open">
            {t('wf.manager.upload')}
          </Button>
        )
      }
    >
      <FilterBar
        texts={[
          { param: 'name', label: 'wf.common.processName' },
          { param: 'key', label: 'wf.common.processKey' },
        ]}
        onSearch={list.search}
      />
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
          {
            title: t('wf.common.status'),
            dataIndex: 'suspensionState',
            render: (s) =>
              s === 1 ? <Tag color="success">{t('wf.manager.active')}</Tag> : <Tag color="warning">{t('wf.manager.suspended')}</Tag>,
          },
          { title: t('wf.work.deploymentTime'), dataIndex: 'deploymentTime' },
          {
            title: t('wf.common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setFlow({ processDefinitionId: r.id })} data-testid="wf-view">
                  {t('wf.common.view')}
                </Button>
                {perms.has('flow_manager_state') && (
                  <Button type="link" size="small" onClick={() => void toggle(r)} data-testid="manager-state">
                    {t(r.suspensionState === 1 ? 'wf.manager.suspend' : 'wf.manager.activate')}
                  </Button>
                )}
                {perms.has('flow_manager_delete') && (
                  <Button type="link" size="small" danger onClick={() => confirmRemove(r)} data-testid="manager-delete">
                    {t('wf.common.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onDeployed={() => {
          setUploading(false);
          toastSuccess(t('wf.manager.deployed'));
          list.refetch();
        }}
      />
      <FlowDialog target={flow} onClose={() => setFlow(undefined)} />
    </Card>
  );
}
