import '../../i18n/shell-texts.ts';
import { resourceByPath } from '@civdesk/resources';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../app/page-loading.tsx';
import { hasScreen, ResourceScreen } from '../../resources/resource-route.tsx';
import { useShell } from '../layout/shell-context.tsx';
import { originalOf, pathPart } from '../menu-model.ts';
import { FramePage } from './frame-page.tsx';

/**
 * Routes added from the user's menu: a frame entry shows its page embedded; a path
 * made unique by a suffix opens what its configured path names (a resource list); anything else
 * the menu does not know is /404.
 */
export function MenuRoute() {
  const { pathname } = useLocation();
  const { allItems, loading } = useShell();
  if (loading) return <PageLoading />;
  const item = originalOf(allItems, pathname);
  if (!item) return <Navigate to="/404" replace />;
  if (item.frame) return <FramePage url={item.rawPath} title={item.name} />;
  const resource = resourceByPath.get(pathPart(item.rawPath));
  if (resource && hasScreen(resource)) return <ResourceScreen key={pathname} resource={resource} />;
  return <Navigate to="/404" replace />;
}
