import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../app/page-loading.tsx';
import { handlePage, launchDetailPage, readOnlyHandlePage } from '../approve/pages.ts';
import { designPage, leaveDetailPage, leaveFormPage, leaveHandlePage } from './pages.ts';

// Pages opened from a list rather than the menu, with parameters in their paths. The shell's
// catch-all route asks here before the resource screens (app/router.tsx), so these paths need
// no route of their own in the sign-in page's entry chunk.
const routes: [string, LazyExoticComponent<ComponentType>][] = [
  ['work/process/leave/form/:processDefinitionId', leaveFormPage],
  ['work/process/leave/handle/:taskId/:processInstanceId/:businessId', leaveHandlePage],
  ['work/process/leave/detail/:processInstanceId/:businessId', leaveDetailPage],
  ['flow/model/design', designPage],
  ['flow/model/design/:id', designPage],
  ['matters/launch/detail/:mathfVersionId/:itemName/:itemNo/:id', launchDetailPage],
  ['matters/fillref/detail/:applyId/:itemName/:type/:realCurActivityName', handlePage],
  ['todomat/fillref/detail/:applyId/:itemName/:type/:realCurActivityName', readOnlyHandlePage],
  ['donemat/fillref/detail/:applyId/:itemName/:type/:realCurActivityName', readOnlyHandlePage],
];

/** The workflow page whose pattern matches this path, else `fallback`. */
export function WorkflowRoutes({ fallback }: { fallback: ReactNode }) {
  return (
    <Routes>
      {routes.map(([pattern, Page]) => (
        <Route
          key={pattern}
          path={pattern}
          element={
            <Suspense fallback={<PageLoading />}>
              <Page />
            </Suspense>
          }
        />
      ))}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
