import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ModelerHandle } from './modeler/create-modeler.ts';

/**
 * The modeler in `canvas` with its properties panel in `panel`, loaded on first use (its own
 * chunk), opened on `xml` once that is known. Recreated when the language changes.
 */
export function useModeler(
  canvas: RefObject<HTMLDivElement | null>,
  panel: RefObject<HTMLDivElement | null>,
  xml: string | undefined,
  lang: 'zh' | 'en',
) {
  const handle = useRef<ModelerHandle>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    if (xml === undefined) return;
    let gone = false;
    let made: ModelerHandle | undefined;
    setState('loading');
    (async () => {
      const { createModeler } = await import('./modeler/create-modeler.ts');
      if (gone || !canvas.current || !panel.current) return;
      made = createModeler(canvas.current, panel.current, lang);
      await made.open(xml);
      handle.current = made;
      if (!gone) setState('ready');
    })().catch(() => !gone && setState('error'));
    return () => {
      gone = true;
      handle.current = undefined;
      made?.destroy();
    };
  }, [canvas, panel, xml, lang]);
  return { handle, state };
}
