import '../i18n/shell-texts.ts';
import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Avatar, Button, ConfigProvider, Grid, Layout } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { loadWebConfig, type WebConfig } from '../api/request.ts';
import { onSessionChange, userInfoSnapshot } from '../api/session.ts';
import { getStore, setStore } from '../api/storage.ts';
import { PageLoading } from '../app/page-loading.tsx';
import { queryClient } from '../app/query-client.ts';
import { getLook, onThemeChange } from '../app/theme.ts';
import { useLang } from '../i18n/index.ts';
import { installErrorLog } from './error-log.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { KeepAlive } from './layout/keep-alive.tsx';
import { PageHead } from './layout/page-head.tsx';
import { labelOf, ShellProvider, useShell } from './layout/shell-context.tsx';
import { SideMenu } from './layout/side-menu.tsx';
import { TabsBar } from './layout/tabs-bar.tsx';
import { useVersionCheck } from './layout/use-version-check.ts';
import { activeItem } from './menu-model.ts';
import { resetOnSessionBoundary } from './session-reset.ts';
import { useSessionTimers } from './session-timers.ts';
import './shell-layout.css';
import { UserDropdown } from './top-bar/user-dropdown.tsx';

// The call cache is the shell's: it goes when a session ends or another user signs in.
resetOnSessionBoundary();

/** Pages of the shell itself and their titles (menu entries take theirs from the menu). */
export const fixedTitles: Record<string, string> = {
  '/wel/index': 'shell.home',
  '/wel/dashboard': 'shell.pages.dashboard',
  '/wel/home': 'shell.pages.welHome',
  '/wel/wsHome': 'shell.pages.wsHome',
  '/info/index': 'shell.info.title',
};

/** The logo area hides the user info on these pages. */
export const NO_USER_INFO = ['/info/index', '/wel/home', '/wel/wsHome'];

export const SIDER_MIN = 170;
export const SIDER_MAX = 400;
const clampWidth = (w: number) => Math.min(SIDER_MAX, Math.max(SIDER_MIN, Math.round(w)));

installErrorLog();

// Loaded right after the frame: the top menu appears ~2 s late anyway, the tools on first paint.
const TopMenu = lazy(() => import('./layout/top-menu.tsx').then((m) => ({ default: m.TopMenu })));
const TopBarTools = lazy(() => import('./top-bar/tools.tsx').then((m) => ({ default: m.TopBarTools })));

/** The signed-in frame: side panel, top bar with the top menu, tabs, the page. */
export function ShellLayout() {
  const look = useSyncExternalStore(onThemeChange, getLook);
  // Readable on white (WCAG AA 4.5:1) behind the sign-in page too: error red, secondary texts and
  // the current page number a shade darker than antd's defaults. The dark theme is made from seed
  // colours only (the sign-in page stays small), so the shell sets what antd would otherwise derive
  // from a light background: selected rows and tree nodes, hovers, secondary texts.
  const readable = look.dark
    ? {
        token: {
          colorError: '#ff7875',
          colorLink: look.primary,
          colorLinkHover: look.primary,
          colorTextDescription: 'rgba(255, 255, 255, 0.65)',
          colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
          controlItemBgActive: '#15325b',
          controlItemBgActiveHover: '#1a3d6e',
          controlItemBgHover: 'rgba(255, 255, 255, 0.08)',
          colorBgContainer: '#1f1f1f',
          colorBgElevated: '#262626',
          colorBgLayout: '#141414',
          colorBorder: '#424242',
          colorBorderSecondary: '#303030',
        },
        components: { Pagination: { itemActiveColor: '#ffffff', itemActiveBg: look.strong, itemActiveColorHover: '#ffffff' } },
      }
    : {
        token: { colorError: '#cf1322', colorTextDescription: 'rgba(0, 0, 0, 0.62)' },
        components: { Pagination: { itemActiveColor: look.strong, itemActiveColorHover: look.strong } },
      };
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={readable}>
        <ShellProvider>
          <Frame />
        </ShellProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

function Logo({ title }: { title: string }) {
  const chars = [...title];
  return (
    <div className="shell-logo" data-testid="logo" title={title}>
      <svg className="shell-logo-icon" viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
        <path
          fill="currentColor"
          d="M12 2 3 7v10l9 5 9-5V7l-9-5Zm0 2.3 6.8 3.8L12 11.9 5.2 8.1 12 4.3ZM5 9.8l6 3.4v6.6l-6-3.3V9.8Zm8 10V13.2l6-3.4v6.7l-6 3.3Z"
        />
      </svg>
      <span className="shell-logo-text">
        <span className="shell-logo-mark" data-testid="logo-mark">
          {chars.slice(0, 3).join('')}
        </span>
        <span className="shell-logo-rest">{chars.slice(3).join('')}</span>
      </span>
    </div>
  );
}

function SiderUser() {
  const user = JSON.parse(useSyncExternalStore(onSessionChange, userInfoSnapshot)) as Record<string, string> | null;
  return (
    <div className="sider-user" data-testid="sider-user">
      <Avatar size={40} src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
      <div className="sider-user-text">
        <div className="sider-user-name">{user?.real_name || user?.user_name || user?.account}</div>
        <div className="sider-user-role">{user?.role_name}</div>
      </div>
    </div>
  );
}

function Frame() {
  const lang = useLang();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { allItems } = useShell();
  const [config, setConfig] = useState<WebConfig>();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [width, setWidth] = useState(() => clampWidth(getStore<number>('siderWidth') ?? 220));
  useSessionTimers();
  useVersionCheck();
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');

  useEffect(() => {
    loadWebConfig().then(setConfig, () => {});
  }, []);

  // On a phone the side menu slides over the page (☰) and closes once an entry is chosen, on Esc
  // or on a tap beside it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of page
  useEffect(() => setDrawer(false), [pathname]);
  useEffect(() => {
    if (!drawer) return;
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    window.addEventListener('keydown', esc);
    return () => window.removeEventListener('keydown', esc);
  }, [drawer]);

  const active = activeItem(allItems, pathname, params.get('menuId'));
  const fixed = fixedTitles[pathname];
  const title = fixed ? t(fixed) : active ? labelOf(active, lang) : '';
  // The configured product title is Chinese; English shows the product's English name.
  const productTitle = lang === 'en' || !config?.title ? t('app.title') : config.title;
  useEffect(() => {
    document.title = title || productTitle;
  }, [title, productTitle]);
  /** A tab's name in the current language (open tabs re-label when the language changes). */
  const tabLabel = (key: string): string | undefined => {
    const [path, query = ''] = key.split('?');
    if (fixedTitles[path]) return t(fixedTitles[path]);
    const item = activeItem(allItems, path, new URLSearchParams(query).get('menuId'));
    return item ? labelOf(item, lang) : undefined;
  };

  // ≥1200 full, 992–1199 full with a compact top bar, 768–991 collapsed, <768 hidden.
  const narrow = screens.md === true && !screens.lg;
  const phone = screens.md === false;
  const isCollapsed = !phone && (collapsed || narrow);

  const startDrag = (e: React.PointerEvent) => {
    e.preventDefault();
    const startX = e.clientX;
    const startW = width;
    const move = (ev: PointerEvent) => setWidth(clampWidth(startW + ev.clientX - startX));
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setStore('siderWidth', clampWidth(startW + ev.clientX - startX));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <Layout className="shell">
      {(!phone || drawer) && (
        <Layout.Sider
          width={phone ? 260 : width}
          collapsed={isCollapsed}
          collapsedWidth={64}
          className={phone ? 'shell-sider shell-drawer' : 'shell-sider'}
          trigger={null}
          data-testid="sider"
          style={phone ? undefined : { flex: `0 0 ${isCollapsed ? 64 : width}px` }}
        >
          <Logo title={productTitle} />
          {!isCollapsed && !NO_USER_INFO.includes(pathname) && <SiderUser />}
          <SideMenu />
          {!isCollapsed && !phone && (
            <div className="shell-sider-handle" aria-hidden="true" onPointerDown={startDrag} data-testid="sider-handle" />
          )}
        </Layout.Sider>
      )}
      {phone && drawer && (
        <div className="shell-drawer-mask" aria-hidden="true" onClick={() => setDrawer(false)} data-testid="drawer-mask" />
      )}
      <Layout className="shell-main">
        <Layout.Header className="shell-header">
          <Button
            type="text"
            icon={isCollapsed || (phone && !drawer) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => (phone ? setDrawer(true) : setCollapsed((c) => !c))}
            aria-label={t('shell.collapse')}
            data-testid="btn-collapse"
          />
          <Suspense fallback={<div className="top-menu" />}>
            <TopMenu />
          </Suspense>
          <div className="shell-header-right">
            <Suspense fallback={null}>
              <TopBarTools />
            </Suspense>
            <LanguageSwitch />
            <UserDropdown switchMode={config?.switchMode ?? false} />
          </div>
        </Layout.Header>
        <TabsBar title={title} homeLabel={t('shell.home')} labelOf={tabLabel} />
        <PageHead title={title} active={fixed ? undefined : active} />
        <Layout.Content className="shell-content">
          <Suspense fallback={<PageLoading />}>
            <KeepAlive />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
