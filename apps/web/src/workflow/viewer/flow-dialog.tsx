import '../../i18n/workflow-texts.ts';
import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { modelView } from '../api.ts';
import { FlowSteps } from './flow-steps.tsx';
import { FlowViewer } from './flow-viewer.tsx';

export type FlowTarget = { processInstanceId?: string; processDefinitionId?: string };

/** An instance's (or a definition's) diagram with its steps beside it, as `process/model-view` answers. */
export function FlowChart({ target, height = 460 }: { target: FlowTarget; height?: number }) {
  const { t } = useTranslation();
  const by = target.processInstanceId
    ? { processInstanceId: target.processInstanceId }
    : { processDefinitionId: target.processDefinitionId };
  const { data, isError } = useQuery({ queryKey: ['wf-model-view', by], queryFn: () => modelView(by), retry: false });
  if (isError)
    return (
      <div className="flow-status-inline" role="alert">
        {t('wf.flow.error')}
      </div>
    );
  if (!data) return <Spin />;
  return (
    <div className="flow-chart">
      <div className="flow-chart-diagram">
        <FlowViewer xml={data.xml} history={data.flow} height={height} />
      </div>
      {target.processInstanceId && (
        <div className="flow-chart-steps">
          <FlowSteps history={data.flow} />
        </div>
      )}
    </div>
  );
}

/** The flow chart in a dialog titled 流程图展示; closed when `target` is undefined. */
export function FlowDialog({ target, onClose }: { target?: FlowTarget; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(target)}
      title={t('wf.flow.title')}
      width="80%"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="flow-dialog"
    >
      {target && <FlowChart target={target} />}
    </Modal>
  );
}
