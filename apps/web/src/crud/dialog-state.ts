import { useCallback, useRef, useState } from 'react';
import type { FormMode } from './form-values.ts';

export type Dialog = { mode: FormMode; id?: string };

/**
 * Which add/edit/view dialog a list has open, with the values a new row starts with (`preset`: a
 * child under a row). Focus goes back to the button that opened a dialog once it closes, so
 * keyboard users keep their place.
 */
export function useDialogState() {
  const [dialog, show] = useState<Dialog | null>(null);
  const [preset, setPreset] = useState<Record<string, unknown>>();
  const opener = useRef<HTMLElement | null>(null);
  const setDialog = useCallback((d: Dialog | null) => {
    if (d) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    else {
      const back = opener.current;
      setTimeout(() => back?.isConnected && back.focus());
    }
    show(d);
  }, []);
  /** Opens the add dialog, with `values` set or none. */
  const openAdd = useCallback(
    (values?: Record<string, unknown>) => {
      setPreset(values);
      setDialog({ mode: 'create' });
    },
    [setDialog],
  );
  return { dialog, setDialog, preset, openAdd };
}
