import '../../i18n/workflow-texts.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_STACK } from '../../app/theme.ts';
import { type FlowEdge, flowClasses, type HistoryEntry, takenFlows } from './colours.ts';
import './flow-viewer.css';

type Viewer = {
  importXML(xml: string): Promise<unknown>;
  get<T>(name: string): T;
  destroy(): void;
};
type Shape = { id: string; type: string; source?: { id: string }; target?: { id: string } };
type Canvas = { addMarker(id: string, cls: string): void; removeMarker(id: string, cls: string): void; zoom(v: string): void };
type EventBus = { on(event: string, fn: (e: { element: Shape }) => void): void };
type Registry = { get(id: string): unknown; filter(fn: (s: Shape) => boolean): Shape[] };

/**
 * Shows a BPMN 2.0 diagram (bpmn-js' navigated viewer, loaded on first use) coloured from the
 * instance's history: finished steps green, current ones blue, the flows taken as warning lines.
 */
export function FlowViewer({
  xml,
  history = [],
  height = 420,
  markers,
  onElementClick,
}: {
  xml: string;
  history?: HistoryEntry[];
  height?: number;
  /** Extra marker classes by element id (a screen's own states, e.g. steps not configured yet). */
  markers?: Readonly<Record<string, string>>;
  /** A click on a diagram element (its id and BPMN type). */
  onElementClick?: (id: string, type: string) => void;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const viewerRef = useRef<Viewer | undefined>(undefined);
  const clickRef = useRef(onElementClick);
  clickRef.current = onElementClick;

  useEffect(() => {
    let viewer: Viewer | undefined;
    let gone = false;
    setState('loading');
    (async () => {
      const [{ default: NavigatedViewer }] = await Promise.all([
        import('bpmn-js/lib/NavigatedViewer'),
        import('bpmn-js/dist/assets/diagram-js.css'),
        import('bpmn-js/dist/assets/bpmn-js.css'),
      ]);
      if (gone || !host.current) return;
      // Labels in the app's fonts: the default (Arial) has no Chinese.
      const font = { fontFamily: FONT_STACK };
      viewer = new NavigatedViewer({
        container: host.current,
        textRenderer: { defaultStyle: font, externalStyle: font },
      }) as unknown as Viewer;
      await viewer.importXML(xml);
      const canvas = viewer.get<Canvas>('canvas');
      const registry = viewer.get<Registry>('elementRegistry');
      const classes = flowClasses(history);
      for (const [id, cls] of classes) if (cls && registry.get(id)) canvas.addMarker(id, `flow-${cls}`);
      const edges: FlowEdge[] = registry
        .filter((s) => s.type === 'bpmn:SequenceFlow' && Boolean(s.source && s.target))
        .map((s) => ({ id: s.id, source: s.source?.id ?? '', target: s.target?.id ?? '' }));
      for (const id of takenFlows(edges, classes)) canvas.addMarker(id, 'flow-warning');
      canvas.zoom('fit-viewport');
      viewer.get<EventBus>('eventBus').on('element.click', (e) => clickRef.current?.(e.element.id, e.element.type));
      viewerRef.current = viewer;
      if (!gone) setState('ready');
    })().catch(() => !gone && setState('error'));
    return () => {
      gone = true;
      viewerRef.current = undefined;
      viewer?.destroy();
    };
  }, [xml, history]);

  // The screen's markers, applied again whenever they change (the diagram itself stays).
  const applied = useRef<[string, string][]>([]);
  useEffect(() => {
    const viewer = viewerRef.current;
    if (state !== 'ready' || !viewer) return;
    const canvas = viewer.get<Canvas>('canvas');
    const registry = viewer.get<Registry>('elementRegistry');
    for (const [id, cls] of applied.current) if (registry.get(id)) canvas.removeMarker(id, cls);
    applied.current = Object.entries(markers ?? {}).filter(([id]) => registry.get(id));
    for (const [id, cls] of applied.current) canvas.addMarker(id, cls);
  }, [state, markers]);

  return (
    <div className="flow-viewer" data-testid="flow-viewer" data-state={state}>
      {state === 'loading' && <div className="flow-status">{t('wf.flow.loading')}</div>}
      {state === 'error' && (
        <div className="flow-status" role="alert">
          {t('wf.flow.error')}
        </div>
      )}
      <div ref={host} className="flow-canvas" style={{ height }} />
    </div>
  );
}
