import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Spin } from 'antd';
import { useL } from '../../matter/forms/texts.ts';
import type { BladeFlow } from '../../workflow/api.ts';
import { FlowSteps } from '../../workflow/viewer/flow-steps.tsx';
import { FlowViewer } from '../../workflow/viewer/flow-viewer.tsx';
import { modelViewByApply } from '../api.ts';

// One empty history for every render: the viewer redraws when its history changes identity.
const NONE: BladeFlow[] = [];

/** The application's diagram coloured from its history, with the steps listed beside it. */
export function FlowTab({ applyId }: { applyId: string }) {
  const L = useL();
  // Read afresh each time (the application moves on between two looks).
  const { data, isError } = useQuery({
    queryKey: ['approve-model-view', applyId],
    queryFn: () => modelViewByApply(applyId),
    retry: false,
    gcTime: 0,
  });
  if (isError) return <Alert type="error" message={L('流程图加载失败', 'The flow chart could not be loaded')} />;
  if (!data) return <Spin />;
  // A draft has no process yet.
  if (!data.xml) return <Empty description={L('尚未启动流程', 'No process started yet')} />;
  const history = data.history ?? data.flow ?? NONE;
  return (
    <div className="flow-chart" data-testid="approve-flow">
      <div className="flow-chart-diagram">
        <FlowViewer xml={data.xml} history={history} height={460} />
      </div>
      <div className="flow-chart-steps">
        <FlowSteps history={history} />
      </div>
    </div>
  );
}
