import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowClasses, type HistoryEntry } from './colours.ts';
import './flow-viewer.css';

type Viewer = {
  importXML(xml: string): Promise<unknown>;
  get<T>(name: string): T;
  destroy(): void;
};
type Canvas = { addMarker(id: string, cls: string): void; zoom(v: string): void };
type Registry = { get(id: string): unknown };

/**
 * Shows a BPMN 2.0 diagram (bpmn-js, loaded on first use) coloured from the instance's history.
 */
export function FlowViewer({ xml, history = [], height = 420 }: { xml: string; history?: HistoryEntry[]; height?: number }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

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
      viewer = new NavigatedViewer({ container: host.current }) as unknown as Viewer;
      await viewer.importXML(xml);
      const canvas = viewer.get<Canvas>('canvas');
      const registry = viewer.get<Registry>('elementRegistry');
      for (const [id, cls] of flowClasses(history)) if (cls && registry.get(id)) canvas.addMarker(id, `flow-${cls}`);
      canvas.zoom('fit-viewport');
      if (!gone) setState('ready');
    })().catch(() => !gone && setState('error'));
    return () => {
      gone = true;
      viewer?.destroy();
    };
  }, [xml, history]);

  return (
    <div className="flow-viewer" data-testid="flow-viewer" data-state={state}>
      {state === 'loading' && <div className="flow-status">{t('shell.flow.loading')}</div>}
      {state === 'error' && (
        <div className="flow-status" role="alert">
          {t('shell.flow.error')}
        </div>
      )}
      <div ref={host} className="flow-canvas" style={{ height }} />
    </div>
  );
}
