import md5 from 'blueimp-md5';
import { type Envelope, http } from './request.ts';
import { clearSession, saveSession, type TokenAnswer } from './session.ts';

// Calls of a signed-in account, apart from the sign-in page's (api/auth.ts) so that page stays small.

export type PasswordChange = { oldPassword: string; newPassword: string; newPassword1: string };

/**
 * Changes one's own password: the old one as md5, the new one as typed so the
 * server can check the tenant's password policy — in the body, never in a URL that logs keep.
 * The server ends every session of the user and answers a fresh one, which replaces the stored
 * session; a refusal is toasted by the request layer and rejects.
 */
export async function changePassword(p: PasswordChange): Promise<void> {
  const body = { oldPassword: md5(p.oldPassword), newPassword: p.newPassword, newPassword1: p.newPassword1 };
  const res = await http.post<Envelope<TokenAnswer | null>>('/api/blade-user/update-password', body);
  const fresh = res.data.data;
  if (fresh?.access_token) saveSession(fresh);
  else clearSession();
}

/** The rules a new password must meet in the caller's tenant (its password policy). */
export type PasswordRules = {
  minLength: number;
  needUpper: number;
  needLower: number;
  needDigit: number;
  needSpecial: number;
  historyCount: number;
};
export const fetchPasswordRules = () => http.get<Envelope<PasswordRules>>('/api/blade-user/password-rules').then((r) => r.data.data);

/** Tells the server, then forgets the session whatever it answered. */
export async function signOut(): Promise<void> {
  try {
    await http.get('/api/blade-auth/oauth/logout', { meta: { silentCodes: 'all' } });
  } catch {
    // logging out locally must not depend on the server
  } finally {
    clearSession();
  }
}
