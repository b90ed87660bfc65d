import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
// Already loaded by the entry: imported here so the bundler keeps its dynamic-import helper in the
// request layer's chunk. Without it, this module's lazy imports split the helper into a chunk of its
// own, which the sign-in page would then load too (its size budget).
import '../api/request.ts';

// The workflow pages, each its own chunk: the screens' pages by their menu path (registered in
// app/screen-components.ts), the business forms and the designer (routes.tsx).

// A chunk that fails to load (an old build's files gone after a deploy) reloads the page once
// through main.tsx's vite:preloadError handler, as every dynamic import does.
// biome-ignore lint/suspicious/noExplicitAny: any page module, its export picked by name
function page<T extends Record<string, any>>(load: () => Promise<T>, name: keyof T): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

const lists = () => import('./work/work-list-page.tsx');

export const workflowScreenPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/flow/model': page(() => import('./model/model-list-page.tsx'), 'ModelListPage'),
  '/flow/manager': page(() => import('./manager/manager-page.tsx'), 'ManagerPage'),
  '/flow/follow': page(() => import('./follow/follow-page.tsx'), 'FollowPage'),
  '/work/start': page(() => import('./work/start-page.tsx'), 'WorkStartPage'),
  '/work/claim': page(lists, 'WorkClaimPage'),
  '/work/todo': page(lists, 'WorkTodoPage'),
  '/work/send': page(lists, 'WorkSendPage'),
  '/work/done': page(lists, 'WorkDonePage'),
};

/** The business forms' pages inside the shell, by route pattern (the lists open them from a row). */
/** The business forms' pages (under /work/process) and the model designer (under /flow/model/design). */
export const leaveFormPage = page(() => import('./leave/leave-form-page.tsx'), 'LeaveFormPage');
export const leaveHandlePage = page(() => import('./leave/leave-handle-page.tsx'), 'LeaveHandlePage');
export const leaveDetailPage = page(() => import('./leave/leave-detail-page.tsx'), 'LeaveDetailPage');
export const designPage = page(() => import('./model/design-page.tsx'), 'DesignPage');
