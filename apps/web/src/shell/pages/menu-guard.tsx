import { resourceByPath, screenByPath } from '@civdesk/resources';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../app/page-loading.tsx';
import { useShell } from '../layout/shell-context.tsx';
import { flatten, pathPart } from '../menu-model.ts';
import { ForbiddenPage } from './result-pages.tsx';

/**
 * A screen opens only from the user's own menu: a resource's or declared screen's address typed or bookmarked by someone
 * whose menu lacks it shows 403 inside the shell (the server refuses its calls anyway).
 */
export function MenuGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { allItems, loading } = useShell();
  const path = pathname.replace(/\/+$/, '');
  if (!resourceByPath.has(path) && !screenByPath.has(path)) return children;
  if (loading) return <PageLoading />;
  const mine = flatten(allItems).some((i) => pathPart(i.rawPath) === path);
  return mine ? children : <ForbiddenPage />;
}
