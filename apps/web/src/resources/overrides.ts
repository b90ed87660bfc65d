import type { Resource } from '@civdesk/meta';
import { type ComponentType, lazy } from 'react';
import { AreaSortScreen } from './area-sort/area-sort-screen.tsx';
import { CertCaScreen } from './cert-ca/cert-ca-screen.tsx';
import { ClientScreen } from './client/client-screen.tsx';
import { DatasourceScreen } from './datasource/datasource-screen.tsx';
import { DictScreen } from './dict/dict-screen.tsx';
import { DictDetailScreen } from './dict-detail/dict-detail-screen.tsx';
import { DomainSysScreen } from './domain-sys/domain-sys-screen.tsx';
import { HolidayScreen } from './holiday-schedule/holiday-screen.tsx';
import { MenuScreen } from './menu/menu-screen.tsx';
import { OssScreen } from './oss/oss-screen.tsx';
import { PwStrategyScreen } from './pw-strategy/pw-strategy-screen.tsx';
import { RoleScreen } from './role/role-screen.tsx';
import { SmsScreen } from './sms/sms-screen.tsx';
import { TenantScreen } from './tenant/tenant-screen.tsx';
import { ThirdAppPermissionScreen, ThirdAppScreen } from './third-app/third-app-screen.tsx';
import { TopMenuScreen } from './top-menu/top-menu-screen.tsx';
import { UserScreen } from './user/user-screen.tsx';
import { OperLogScreen } from './user-oper-log/oper-log-screen.tsx';
import { VersionLogScreen } from './version-log/version-log-screen.tsx';

type Screens = Record<string, ComponentType<{ resource: Resource }>>;

/**
 * A domain's screens load with the domain, as one chunk of their own (`screens` names them), so a
 * new domain never weighs on the first list every user loads.
 */
function domainScreens(load: () => Promise<{ screens: Screens }>, names: string[]): Screens {
  return Object.fromEntries(names.map((name) => [name, lazy(() => load().then((m) => ({ default: m.screens[name] })))]));
}

/**
 * Screens that replace the generic ResourcePage for one resource. They embed ResourcePage with
 * their own options (a tree beside it, other calls, extra actions) rather than copying it.
 *
 * They load with the list's chunk, not as chunks of their own: the build runs without chunk
 * merging (vite.config.ts), so a lazy screen sharing antd parts with the list splits those parts
 * out into many small shared chunks that compress worse — a few KB each, more than the screens'
 * own code, which is small because the antd parts they use are already in the list's chunk.
 */
export const screenOverrides: Screens = {
  user: UserScreen,
  'area-sort': AreaSortScreen,
  role: RoleScreen,
  menu: MenuScreen,
  'holiday-schedule': HolidayScreen,
  dict: DictScreen,
  'dict-biz': DictScreen,
  'dict-detail': DictDetailScreen,
  'domain-sys': DomainSysScreen,
  datasource: DatasourceScreen,
  'user-oper-log': OperLogScreen,
  'pw-strategy': PwStrategyScreen,
  'third-app': ThirdAppScreen,
  'third-app-permission': ThirdAppPermissionScreen,
  'top-menu': TopMenuScreen,
  'version-log': VersionLogScreen,
  sms: SmsScreen,
  oss: OssScreen,
  tenant: TenantScreen,
  client: ClientScreen,
  'cert-ca': CertCaScreen,
  ...domainScreens(
    () => import('../matter/screen-overrides.ts'),
    ['mat-int-element', 'mat-print-template', 'mat-wf-version', 'mat-wf-local-button', 'mat-wf-element-method'],
  ),
  ...domainScreens(() => import('../query/screen-overrides.ts'), ['bms-query-list', 'report-template']),
  ...domainScreens(() => import('../export/screens.ts'), ['export-template', 'export-file']),
  ...domainScreens(() => import('../develop/screen-overrides.ts'), ['model', 'code']),
};
