import { Button } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '../../api/toast.ts';
import { useL } from '../../matter/forms/texts.ts';
import { nonDealPages, type StepRef, savePages } from '../api.ts';

/**
 * 材料已核对: the materials tab has no form of its own, so the handler says the materials were
 * checked; the step's required 申请材料 tab then counts as saved for the task.
 */
export function MaterialsCheck({ at, onError }: { at: StepRef; onError: (e: unknown) => void }) {
  const L = useL();
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    try {
      const pages = (await nonDealPages(at.applyId, at.taskId)).filter((p) => /materials/i.test(p.pageTaburl ?? ''));
      if (pages.length)
        await savePages(
          at,
          pages.map((p) => p.id),
        );
      toastSuccess(L('已确认材料', 'Materials checked'));
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" style={{ marginTop: 12 }} loading={busy} onClick={() => void check()} data-testid="materials-save">
      {L('材料已核对', 'Materials checked')}
    </Button>
  );
}
