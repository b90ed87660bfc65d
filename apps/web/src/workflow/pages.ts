import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { reloadOnceForChunk } from '../app/chunk-reload.ts';

// The workflow pages, each its own chunk: the screens' pages by their menu path (registered in
// app/screen-components.ts) and the business forms' routes (app/router.tsx).

// biome-ignore lint/suspicious/noExplicitAny: any page module, its export picked by name
function page<T extends Record<string, any>>(load: () => Promise<T>, name: keyof T): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    load().then(
      (m) => ({ default: m[name] as ComponentType }),
      (e: unknown) => {
        if (reloadOnceForChunk(e)) return new Promise<never>(() => {});
        throw e;
      },
    ),
  );
}

const lists = () => import('./work/work-list-page.tsx');

export const workflowScreenPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/flow/manager': page(() => import('./manager/manager-page.tsx'), 'ManagerPage'),
  '/flow/follow': page(() => import('./follow/follow-page.tsx'), 'FollowPage'),
  '/work/start': page(() => import('./work/start-page.tsx'), 'WorkStartPage'),
  '/work/claim': page(lists, 'WorkClaimPage'),
  '/work/todo': page(lists, 'WorkTodoPage'),
  '/work/send': page(lists, 'WorkSendPage'),
  '/work/done': page(lists, 'WorkDonePage'),
};

/** The business forms' pages inside the shell, by route pattern (the lists open them from a row). */
export const workflowRoutes: { path: string; Page: LazyExoticComponent<ComponentType> }[] = [
  { path: 'work/process/leave/form/:processDefinitionId', Page: page(() => import('./leave/leave-form-page.tsx'), 'LeaveFormPage') },
  {
    path: 'work/process/leave/handle/:taskId/:processInstanceId/:businessId',
    Page: page(() => import('./leave/leave-handle-page.tsx'), 'LeaveHandlePage'),
  },
  {
    path: 'work/process/leave/detail/:processInstanceId/:businessId',
    Page: page(() => import('./leave/leave-detail-page.tsx'), 'LeaveDetailPage'),
  },
];
