import '../../i18n/shell-texts.ts';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../app/page-loading.tsx';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { screenOverrides } from '../../resources/overrides.ts';
import { useShell } from '../layout/shell-context.tsx';
import { listedResources } from '../menu.ts';
import { originalOf, pathPart } from '../menu-model.ts';
import { FramePage } from './frame-page.tsx';

/**
 * Routes added from the user's menu (spec 000 §2): a frame entry shows its page embedded; a path
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
  const m = pathPart(item.rawPath).match(/^\/system\/([\w-]+)$/);
  const resource = m ? listedResources.find((r) => r.name === m[1]) : undefined;
  if (resource) {
    const Screen = screenOverrides[resource.name] ?? ResourcePage;
    return <Screen key={pathname} resource={resource} />;
  }
  return <Navigate to="/404" replace />;
}
