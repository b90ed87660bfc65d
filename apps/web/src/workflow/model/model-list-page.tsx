import '../../i18n/workflow-texts.ts';
import { Button, type ButtonProps, Card, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { type FlowModel, modelList, removeModels } from '../api.ts';
import { FilterBar } from '../shared/filter-bar.tsx';
import { usePaged } from '../shared/use-paged.ts';
import { DeployModelDialog } from './deploy-dialog.tsx';

/** 模型设计: the tenant's process models — design (the modeler), deploy, delete. */
export function ModelListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const perms = useButtonPermissions();
  const list = usePaged('model', modelList);
  const [deploying, setDeploying] = useState<string>();
  const remove = (m: FlowModel) =>
    Modal.confirm({
      title: t('wf.common.deleteConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'model-delete-ok' } as ButtonProps,
      onOk: async () => {
        await removeModels(m.id);
        toastSuccess(t('wf.common.ok'));
        list.refetch();
      },
    });
  return (
    <Card
      data-testid="flow-model"
      extra={
        perms.has('flow_model_add') && (
          <Button type="primary" onClick={() => navigate('/flow/model/design')} data-testid="model-create">
            {t('wf.model.create')}
          </Button>
        )
      }
    >
      <FilterBar
        category={false}
        texts={[
          { param: 'name', label: 'wf.model.name' },
          { param: 'modelKey', label: 'wf.model.key' },
        ]}
        onSearch={list.search}
      />
      <Table<FlowModel>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: t('wf.model.name'), dataIndex: 'name' },
          { title: t('wf.model.key'), dataIndex: 'modelKey' },
          { title: t('wf.model.description'), dataIndex: 'description', ellipsis: true },
          { title: t('wf.common.version'), dataIndex: 'version' },
          { title: t('wf.model.lastUpdated'), dataIndex: 'lastUpdated' },
          {
            title: t('wf.common.actions'),
            key: 'actions',
            render: (_, m) => (
              <Space size={0}>
                {perms.has('flow_model_edit') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(`/flow/model/design/${encodeURIComponent(m.id)}`)}
                    data-testid="model-design"
                  >
                    {t('wf.model.design')}
                  </Button>
                )}
                {perms.has('flow_model_deploy') && (
                  <Button type="link" size="small" onClick={() => setDeploying(m.id)} data-testid="model-deploy">
                    {t('wf.model.deploy')}
                  </Button>
                )}
                {perms.has('flow_model_delete') && (
                  <Button type="link" size="small" danger onClick={() => remove(m)} data-testid="model-delete">
                    {t('wf.common.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <DeployModelDialog modelId={deploying} onClose={() => setDeploying(undefined)} />
    </Card>
  );
}
