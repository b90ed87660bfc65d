import { Alert } from 'antd';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../app/page-loading.tsx';
import { useL } from '../matter/forms/texts.ts';

// The one place the approval pages take the materials and signing panels from. Each loads on its
// own when first shown (uploads, the signature pad and the PDF preview are not on every page).
const MaterialsPanel = lazy(() => import('./materials/materials-panel.tsx').then((m) => ({ default: m.MaterialsPanel })));
const SignPanel = lazy(() => import('./sign/sign-panel.tsx').then((m) => ({ default: m.SignPanel })));

export type MaterialsProps = { applyId: string; elementId?: string; readOnly?: boolean };
export type SignProps = { applyId: string; elementId?: string; readOnly?: boolean };

/** The application's material slots; the server names the persons from the application itself. */
export function MaterialsSlot(p: MaterialsProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <MaterialsPanel applyId={p.applyId} elementId={p.elementId} persons={[]} readOnly={p.readOnly} />
    </Suspense>
  );
}

/** The signing documents of the current step (a step without signing elements shows an empty list). */
export function SignSlot(p: SignProps) {
  const L = useL();
  if (!p.elementId)
    return <Alert type="info" showIcon data-testid="sign-slot" message={L('当前环节没有签章要求', 'This step asks for no signature')} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <SignPanel applyId={p.applyId} elementId={p.elementId} readOnly={p.readOnly} />
    </Suspense>
  );
}
