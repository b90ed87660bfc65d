import { Alert, Col, Empty, Row as GridRow, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { HistoryEntry } from '../../workflow/viewer/colours.ts';
import { FlowViewer } from '../../workflow/viewer/flow-viewer.tsx';
import { type Procdef, procdefOfVersion, type VersionElements, versionElements } from './api.ts';
import { useL } from './lang.ts';
import { stepMarkers } from './step-markers.ts';
import { StepPanel } from './step-panel.tsx';
import './step-editor.css';

// A stable empty history: the viewer draws the diagram again when its history changes.
const NO_HISTORY: HistoryEntry[] = [];

/**
 * The visual step editor of one workflow version: the version's diagram with steps lacking
 * configuration marked, and a side panel for the step clicked.
 */
export function StepEditor({ versionId, itemId }: { versionId: string; itemId: string }) {
  const L = useL();
  const [def, setDef] = useState<Procdef | null | undefined>(undefined);
  const [elements, setElements] = useState<VersionElements | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(() => {
    versionElements(versionId)
      .then(setElements)
      .catch((e: Error) => setError(e.message));
  }, [versionId]);
  useEffect(() => {
    procdefOfVersion(versionId)
      .then(setDef)
      .catch((e: Error) => setError(e.message));
    reload();
  }, [versionId, reload]);

  const markers = useMemo(() => stepMarkers(elements?.steps ?? []), [elements]);
  const step = elements?.steps.find((s) => s.userTaskId === selected) ?? null;
  const onClick = useCallback((id: string, type: string) => {
    if (type === 'bpmn:UserTask') setSelected(id);
  }, []);

  if (error) return <Alert type="error" message={error} />;
  if (def === undefined || !elements) return <Spin />;
  if (!def) return <Empty description={L('该版本的流程定义不存在', 'The version has no process definition')} />;
  const pending = elements.steps.filter((s) => !s.configured).length;
  return (
    <GridRow gutter={16} data-testid="step-editor" data-pending={pending}>
      <Col span={14}>
        <Alert
          type={pending ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 8 }}
          message={
            pending
              ? L(
                  `${pending} 个环节尚未配置完整（橙色标记），点击环节进行配置`,
                  `${pending} steps need configuration (marked orange); click a step`,
                )
              : L('所有环节均已配置', 'Every step is configured')
          }
        />
        <FlowViewer xml={def.xml} history={NO_HISTORY} height={480} markers={markers} onElementClick={onClick} />
      </Col>
      <Col span={10}>
        {step ? (
          <StepPanel
            key={step.userTaskId}
            versionId={versionId}
            itemId={itemId}
            step={step}
            gateways={elements.gateways}
            onChanged={reload}
          />
        ) : (
          <Empty description={L('点击流程图中的环节进行配置', 'Click a step in the diagram to configure it')} />
        )}
      </Col>
    </GridRow>
  );
}
