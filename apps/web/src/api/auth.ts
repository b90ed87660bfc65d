import md5 from 'blueimp-md5';
import { type Envelope, http } from './request.ts';
import { clearSession, saveSession, type TokenAnswer } from './session.ts';

export type Captcha = { key: string; image: string };

export type SignInForm = {
  tenantId: string;
  username: string;
  password: string;
  captcha?: { key: string; code: string };
};

/** The sign-in was refused; `message` is the server's error_description. */
export class SignInError extends Error {
  name = 'SignInError';
}

/** GET the captcha: a bare {key, image} where image is a data URL. */
export async function fetchCaptcha(): Promise<Captcha> {
  const res = await http.get<Captcha>('/api/blade-auth/oauth/captcha', { meta: { isToken: false } });
  return res.data;
}

/**
 * The token grant (contract §2.1): parameters in the query string, password md5-hashed.
 * Every refusal is handled here (silentCodes 'all'), so the user sees one message, and nothing is stored.
 */
export async function signIn(form: SignInForm): Promise<TokenAnswer> {
  const headers: Record<string, string> = { 'Tenant-Id': form.tenantId };
  if (form.captcha) {
    headers['Captcha-Key'] = form.captcha.key;
    headers['Captcha-Code'] = form.captcha.code;
  }
  const params = {
    tenantId: form.tenantId,
    username: form.username,
    password: md5(form.password),
    grant_type: form.captcha ? 'captcha' : 'password',
    scope: 'all',
  };
  let body: unknown;
  try {
    body = (await http.post('/api/blade-auth/oauth/token', null, { params, headers, meta: { silentCodes: 'all', isToken: false } })).data;
  } catch (e) {
    // A silent refusal rejects with the raw response; anything else (network) has no body.
    body = (e as { data?: unknown }).data;
    if (body === undefined) throw e;
  }
  const answer = (body ?? {}) as Partial<TokenAnswer> & { error_description?: string; msg?: string };
  if (answer.error_description || !answer.access_token) {
    throw new SignInError(answer.error_description || answer.msg || '');
  }
  saveSession(answer as TokenAnswer);
  return answer as TokenAnswer;
}

export type PasswordChange = { oldPassword: string; newPassword: string; newPassword1: string };

/**
 * Changes one's own password: the old one as md5 (contract §2.3), the new one as typed so the
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
