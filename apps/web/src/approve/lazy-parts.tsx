import { type ComponentProps, lazy, Suspense } from 'react';
import { PageLoading } from '../app/page-loading.tsx';

// The part of the approval pages that carries heavy code of its own — a designed form (its
// validation compiler and the upload widget) — loads when first shown. (The flow chart's diagram
// library loads on first use inside the viewer already.)

const StepFormPart = lazy(() => import('./handle/step-form.tsx').then((m) => ({ default: m.StepForm })));
const MatterFormPart = lazy(() => import('./launch/matter-form.tsx').then((m) => ({ default: m.MatterForm })));

export const StepForm = (p: ComponentProps<typeof StepFormPart>) => (
  <Suspense fallback={<PageLoading />}>
    <StepFormPart {...p} />
  </Suspense>
);
export const MatterForm = (p: ComponentProps<typeof MatterFormPart>) => (
  <Suspense fallback={<PageLoading />}>
    <MatterFormPart {...p} />
  </Suspense>
);
