import { md5Of } from './hash.ts';
import { http } from './request.ts';
import { saveSession, type TokenAnswer } from './session.ts';

export type Captcha = { key: string; image: string };

export type SignInForm = {
  tenantId: string;
  username: string;
  password: string;
  captcha?: { key: string; code: string };
  /** The captcha was asked for after failures (not captcha mode). */
  captchaAsked?: boolean;
  /** Switch mode: the department and role chosen on the form (sent as Dept-Id / Role-Id). */
  deptId?: string;
  roleId?: string;
};

/** The sign-in headers: tenant, captcha, and in switch mode the chosen department and role. */
export const signInHeaders = (form: SignInForm) => {
  const headers: Record<string, string> = { 'Tenant-Id': form.tenantId };
  if (form.captcha) {
    headers['Captcha-Key'] = form.captcha.key;
    headers['Captcha-Code'] = form.captcha.code;
  }
  if (form.deptId) headers['Dept-Id'] = form.deptId;
  if (form.roleId) headers['Role-Id'] = form.roleId;
  return headers;
};

/** The sign-in was refused; `message` is the server's error_description. */
export class SignInError extends Error {
  name = 'SignInError';
  /** The OAuth error code: `captcha_required` when this account from this address must now bring a captcha. */
  constructor(
    message: string,
    readonly code = '',
  ) {
    super(message);
  }
}

/** GET the captcha: a bare {key, image} where image is a data URL. */
export async function fetchCaptcha(): Promise<Captcha> {
  const res = await http.get<Captcha>('/api/blade-auth/oauth/captcha', { meta: { isToken: false } });
  return res.data;
}

/**
 * The token grant: parameters in the query string, password md5-hashed.
 * Every refusal is handled here (silentCodes 'all'), so the user sees one message, and nothing is stored.
 */
export async function signIn(form: SignInForm): Promise<TokenAnswer> {
  const headers = signInHeaders(form);
  const params = {
    tenantId: form.tenantId,
    username: form.username,
    password: await md5Of(form.password),
    // A captcha asked for after failures goes with the password grant (the client may lack the captcha grant).
    grant_type: form.captcha && !form.captchaAsked ? 'captcha' : 'password',
    scope: 'all',
  };
  return requestToken(params, headers);
}

/**
 * Any grant of the token endpoint (parameters in the query string): a refusal throws a
 * SignInError with the server's message and stores nothing; a success starts the session.
 */
export async function requestToken(params: Record<string, string>, headers: Record<string, string>): Promise<TokenAnswer> {
  let body: unknown;
  try {
    body = (await http.post('/api/blade-auth/oauth/token', null, { params, headers, meta: { silentCodes: 'all', isToken: false } })).data;
  } catch (e) {
    // A silent refusal rejects with the raw response; anything else (network) has no body.
    body = (e as { data?: unknown }).data;
    if (body === undefined) throw e;
  }
  const answer = (body ?? {}) as Partial<TokenAnswer> & { error?: string; error_description?: string; msg?: string };
  if (answer.error_description || !answer.access_token) {
    throw new SignInError(answer.error_description || answer.msg || '', answer.error);
  }
  saveSession(answer as TokenAnswer);
  return answer as TokenAnswer;
}
