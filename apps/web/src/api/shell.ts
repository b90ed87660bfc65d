import md5 from 'blueimp-md5';
import { type Envelope, getData, http, loadWebConfig, postData } from './request.ts';
import { getRefreshToken, getStoreEntryOfToken, getTenantId, getUserInfo, saveSession, type TokenAnswer } from './session.ts';

// The shell's calls.

/** Refresh once the token is this many seconds old. */
export const TOKEN_TIME = 3000;

/** Age of the stored access token in seconds. */
export function tokenAge(now = Date.now()): number {
  const at = getStoreEntryOfToken()?.datetime;
  return at ? Math.floor((now - at) / 1000) : 0;
}

/** Refresh with the refresh token, tenant and the current (or chosen) department and role. */
export async function refreshToken(choice?: { deptId?: string; roleId?: string }): Promise<TokenAnswer> {
  const user = getUserInfo();
  const tenantId = getTenantId() ?? user?.tenant_id ?? '000000';
  const headers: Record<string, string> = { 'Tenant-Id': tenantId };
  const { switchMode } = await loadWebConfig();
  const deptId = choice?.deptId ?? String(user?.dept_id ?? '').split(',')[0];
  const roleId = choice?.roleId ?? String(user?.role_id ?? '').split(',')[0];
  if (switchMode && deptId) headers['Dept-Id'] = deptId;
  if (switchMode && roleId) headers['Role-Id'] = roleId;
  const params = { tenantId, refresh_token: getRefreshToken() ?? '', grant_type: 'refresh_token', scope: 'all' };
  const res = await http.post<TokenAnswer>('/api/blade-auth/oauth/token', null, { params, headers, meta: { isToken: false } });
  if (!res.data?.access_token) throw new Error('refresh failed');
  saveSession(res.data);
  return res.data;
}

/** The overtime poll: overMax once the session has been idle too long. */
export const checkRefresh = () =>
  getData<{ overMax: boolean }>('/api/blade-system/bmSysOperationTime/checkRefresh', undefined, { meta: { silentCodes: 'all' } });

/**
 * Asks whether the stored session is still live. A 401 ends it as any call's would (the request
 * layer clears it and opens /login); other failures say nothing and are not shown.
 */
export const checkSession = () =>
  http.get('/api/blade-user/info', { meta: { silentCodes: [400, 403, 404, 408, 429, 500, 502, 503, 504] } }).then(
    () => true,
    () => false,
  );

export const sendLogs = (logs: unknown[]) => postData<number>('/api/blade-log/front/send', logs);

export const fetchRoutes = (topMenuId?: string) =>
  getData<unknown[]>('/api/blade-system/menu/routes', topMenuId ? { topMenuId } : undefined);

export type TopMenu = { id: string; code: string; name: string; source?: string; sort?: number };
export const fetchTopMenus = () => getData<TopMenu[] | null>('/api/blade-system/menu/top-menu').then((x) => x ?? []);

export type Notice = {
  id: string;
  title: string;
  tenantId?: string;
  category?: number;
  categoryName?: string;
  releaseTime?: string;
  content?: string;
};
/** 10 a page, newest update first. */
export const fetchNotices = (current = 1) =>
  getData<{ records: Notice[]; total: number }>('/api/blade-desk/notice/list', { current, size: 10, descs: 'update_time' });
export const fetchNotice = (id: string) => getData<Notice>('/api/blade-desk/notice/detail', { id });

export const checkVersion = () =>
  getData<{ version: string; must: boolean }>('/api/blade-upgrade/upgrade/check', undefined, { meta: { silentCodes: 'all' } });

export { type UploadAnswer, uploadFile } from './upload.ts';

export type Profile = { id: string; account: string; name?: string; realName?: string; avatar?: string; phone?: string; email?: string };
export const fetchProfile = () => getData<Profile>('/api/blade-user/info');
export const updateProfile = (p: Partial<Profile>) => postData<unknown>('/api/blade-user/update-info', p);

/** Guest registration: the server's message on refusal is thrown (shown by the dialog), nothing toasted. */
export async function registerGuest(f: { tenantId: string; name: string; account: string; password: string; password2: string }) {
  const params = { tenantId: f.tenantId, name: f.name, account: f.account, password: md5(f.password), password2: md5(f.password2) };
  const res = await http.post<Envelope<unknown>>('/api/blade-user/register-guest', null, {
    params,
    meta: { silentCodes: 'all', isToken: false },
  });
  return res.data;
}

export type Option = { id: string; deptName?: string; roleName?: string };
export const fetchMyDepts = () => getData<Option[]>('/api/blade-system/dept/select', { userId: getUserInfo()?.user_id });
export const fetchMyRoles = () => getData<Option[]>('/api/blade-system/role/select', { userId: getUserInfo()?.user_id });

export type AssistantAnswer = {
  content: string;
  command?: 'update_passwd' | 'get_location_point' | 'open_sysdict' | 'open_menu';
  open_url?: string;
  /** The page `open_menu` opens (one of the user's own menu entries). */
  path?: string;
};
/** A form POST with `query`. */
export const askAssistant = (query: string) =>
  postData<AssistantAnswer>('/api/dw-widgets/assistant/ask', new URLSearchParams({ query }), {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

/** A locked-out user asks for a one-time code on their phone; the answer is the same for any account. */
export async function sendUnlockCode(f: { tenantId: string; account: string }) {
  const res = await http.post<Envelope<unknown>>('/api/blade-auth/unlock/send-code', null, {
    params: f,
    meta: { silentCodes: 'all', isToken: false },
  });
  return res.data;
}

/** Unlocks the account with the code from the phone. */
export async function unlockAccount(f: { tenantId: string; account: string; code: string }) {
  const res = await http.post<Envelope<unknown>>('/api/blade-auth/unlock', null, {
    params: f,
    meta: { silentCodes: 'all', isToken: false },
  });
  return res.data;
}

/** A workflow message of the signed-in user (a task waiting for them), read state kept on the server. */
export type WorkNotice = {
  id: string;
  title: string;
  createTime?: string;
  isRead: boolean;
  taskId?: string;
  taskStatus?: string;
  formKey?: string;
  taskName?: string;
  processInstanceId?: string;
  businessTable?: string;
  businessId?: string;
  processIsFinished?: boolean;
  /** The message's task is the caller's to handle (held, or unclaimed with the caller a candidate). */
  canHandle?: boolean;
};
export const fetchWorkNotices = () =>
  getData<{ records: WorkNotice[]; total: number }>('/api/blade-flow/work/notice-list', { current: 1, size: 10, isRead: '0' });
export const markWorkNoticeRead = (id: string) => postData<number>('/api/blade-flow/work/notice-read', { ids: id });
