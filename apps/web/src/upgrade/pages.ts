import { dbVersionsScreen, dictHorizontalScreen, dictVerticalScreen, upgradeFrameScreen, upgradeRecordScreen } from '@civdesk/resources';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The upgrade pages and the dictionary layouts, each a chunk of its own (registered by path in
// app/screen-components.ts).
export const upgradeScreenPages: Record<string, LazyExoticComponent<ComponentType>> = {
  [upgradeRecordScreen.menu.path]: lazy(() => import('./record-page.tsx').then((m) => ({ default: m.UpgradeRecordPage }))),
  [upgradeFrameScreen.menu.path]: lazy(() => import('./frame-page.tsx').then((m) => ({ default: m.UpgradeFramePage }))),
  [dbVersionsScreen.menu.path]: lazy(() => import('./db-versions-page.tsx').then((m) => ({ default: m.DbVersionsPage }))),
  [dictHorizontalScreen.menu.path]: lazy(() =>
    import('../resources/dict/dict-layout-pages.tsx').then((m) => ({ default: m.DictHorizontalPage })),
  ),
  [dictVerticalScreen.menu.path]: lazy(() =>
    import('../resources/dict/dict-layout-pages.tsx').then((m) => ({ default: m.DictVerticalPage })),
  ),
};
