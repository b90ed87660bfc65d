import { http } from '../../api/request.ts';
import { getToken } from '../../api/session.ts';
import { toastError } from '../../api/toast.ts';

// A third-party application's authorization request (`/login?authorize=`, placed there by
// GET /api/blade-auth/oauth/authorize): once the user is signed in, the page asks for a code and
// the browser goes back to the application with it. Loaded with the page's extras, only when asked.

/** Where the browser leaves for the application (a test stands in for the navigation). */
export const leave = { to: (url: string) => window.location.assign(url) };

/** Asks for the code and leaves for the application; false when not signed in or refused (the toast says why). */
export async function completeAuthorize(request: string): Promise<boolean> {
  if (!getToken()) return false;
  try {
    const res = await http.post<{ data: { redirect: string } }>('/api/blade-auth/oauth/authorize', null, {
      params: { request },
      meta: { silentCodes: 'all' },
    });
    leave.to(res.data.data.redirect);
    return true;
  } catch (e) {
    toastError((e as { data?: { msg?: string } }).data?.msg || '授权失败');
    return false;
  }
}
