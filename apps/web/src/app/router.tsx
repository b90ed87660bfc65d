import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { setNavigator } from '../api/navigation.ts';
import { loadWebConfig } from '../api/request.ts';
import { reloadOnceForChunk, withChunkTimeout } from './chunk-reload.ts';
import { FontGate } from './font-gate.tsx';
import { PublicOnly, RequireAuth } from './guards.tsx';
import { PageLoading } from './page-loading.tsx';

/**
 * A route's chunk; when it fails to load (a deploy removed the old files) or takes longer than
 * the chunk-load timeout, the page reloads once instead of breaking.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, its props checked where it is used
function chunk<T extends Record<K, ComponentType<any>>, K extends keyof T>(load: () => Promise<T>, name: K) {
  return lazy<T[K]>(() =>
    withChunkTimeout(load()).then(
      (m) => ({ default: m[name] }),
      (e: unknown) => {
        if (reloadOnceForChunk(e)) return new Promise<never>(() => {});
        throw e;
      },
    ),
  );
}

// One chunk per route: the sign-in page never loads the table machinery and vice versa.
const ChangePasswordPage = chunk(() => import('../shell/change-password/change-password-page.tsx'), 'ChangePasswordPage');
const LoginPage = chunk(() => import('../shell/login/login-page.tsx'), 'LoginPage');
const ShellLayout = chunk(() => import('../shell/shell-layout.tsx'), 'ShellLayout');
const WelcomePage = chunk(() => import('../shell/welcome-page.tsx'), 'WelcomePage');
const NotFoundPage = chunk(() => import('../shell/not-found-page.tsx'), 'NotFoundPage');
const screens = () => import('./screen-route.tsx');
const ScreenRoute = chunk(screens, 'ScreenRoute');
const WorkflowRoutes = chunk(screens, 'WorkflowRoutes');
const ResourceRoute = chunk(() => import('../resources/resource-route.tsx'), 'ResourceRoute');
const LockPage = chunk(() => import('../shell/lock/lock-page.tsx'), 'LockPage');
const InfoPage = chunk(() => import('../shell/info/info-page.tsx'), 'InfoPage');
const MenuRoute = chunk(() => import('../shell/pages/menu-route.tsx'), 'MenuRoute');
const MenuGuard = chunk(() => import('../shell/pages/menu-guard.tsx'), 'MenuGuard');
const DeployPage = chunk(() => import('../shell/pages/deploy-page.tsx'), 'DeployPage');
const results = () => import('../shell/pages/result-pages.tsx');
const ForbiddenPage = chunk(results, 'ForbiddenPage');
const ServerErrorPage = chunk(results, 'ServerErrorPage');
const TipsPage = chunk(results, 'TipsPage');
const AchievementsPage = chunk(results, 'AchievementsPage');
const DeskPage = lazy(() => results().then((m) => ({ default: m.DeskPage })));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;
/** A page that can be the first screen of a fresh document: shown once its text's font subsets are in. */
const firstPage = (node: ReactNode, also?: () => Promise<string>) => page(<FontGate also={also}>{node}</FontGate>);
const configuredTitle = () => loadWebConfig().then((c) => c.title);

/** Lets the request layer (outside React) navigate, e.g. to /login after a 401. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => void navigate(path, { replace: true })), [navigate]);
  return null;
}

/**
 * The route table. Public: /login, /tips, /deploy, /lock, /404, /403, /500 and the
 * public results library. Everything else needs a token; inside the shell, a path the table does
 * not name opens the declared screen at that path (`screens`), else the resource screen whose
 * definition declares it (`menu.path`), else is looked up
 * in the user's menu (frame pages, paths with a query), else /404.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <Routes>
        <Route
          path="/login"
          element={firstPage(
            <PublicOnly>
              <LoginPage />
            </PublicOnly>,
            configuredTitle,
          )}
        />
        <Route
          path="/changepwd"
          element={page(
            <RequireAuth>
              <ChangePasswordPage />
            </RequireAuth>,
          )}
        />
        <Route path="/tips" element={firstPage(<TipsPage />)} />
        <Route path="/deploy" element={firstPage(<DeployPage />)} />
        <Route path="/lock" element={page(<LockPage />)} />
        <Route path="/404" element={firstPage(<NotFoundPage />)} />
        <Route path="/403" element={firstPage(<ForbiddenPage />)} />
        <Route path="/500" element={firstPage(<ServerErrorPage />)} />
        <Route path="/minor/library/achievements" element={page(<AchievementsPage />)} />
        <Route
          path="/"
          element={page(
            <RequireAuth>
              <ShellLayout />
            </RequireAuth>,
          )}
        >
          <Route index element={<Navigate to="/wel/index" replace />} />
          <Route path="wel" element={<Navigate to="/wel/index" replace />} />
          <Route path="wel/index" element={page(<WelcomePage />)} />
          <Route path="wel/dashboard" element={page(<DeskPage titleKey="shell.pages.dashboard" testId="page-dashboard" />)} />
          <Route path="wel/home" element={page(<DeskPage titleKey="shell.pages.welHome" testId="page-wel-home" />)} />
          <Route path="wel/wsHome" element={page(<DeskPage titleKey="shell.pages.wsHome" testId="page-ws-home" />)} />
          <Route path="info/index" element={page(<InfoPage />)} />
          <Route
            path="*"
            element={page(
              <MenuGuard>
                <ScreenRoute fallback={<WorkflowRoutes fallback={<ResourceRoute fallback={<MenuRoute />} />} />} />
              </MenuGuard>,
            )}
          />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
