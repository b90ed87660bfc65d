import { createHash } from 'node:crypto';
import { baseURL } from './browser.ts';

// Calls from the test process to a server under test, as another API client makes them: the web
// client's credentials in a Basic header, a token when signed in.

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

type ApiOptions = {
  method?: string;
  token?: string;
  query?: Record<string, string>;
  tenantId?: string;
  /** Another server than the shared one (global-setup, a mode server). */
  base?: string;
  json?: unknown;
  headers?: Record<string, string>;
};

/** One call; the answer's status and JSON body. */
export async function api(
  path: string,
  opts: ApiOptions = {},
): Promise<{ status: number; body: Record<string, unknown> & { data?: unknown } }> {
  const base = opts.base ?? baseURL();
  const config = (await (await fetch(`${base}/api/civdesk/web-config`)).json()).data;
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
    ...opts.headers,
  };
  if (opts.token) headers['blade-auth'] = `bearer ${opts.token}`;
  if (opts.tenantId) headers['tenant-id'] = opts.tenantId;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}${opts.query ? `?${new URLSearchParams(opts.query)}` : ''}`, {
    method: opts.method ?? 'GET',
    headers,
    ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

/** Signs in through the token endpoint with grant password (the shared server runs with captcha off). */
export async function apiSignIn(account: string, password: string, tenantId: string, base?: string): Promise<string> {
  const res = await api('/api/blade-auth/oauth/token', {
    base,
    method: 'POST',
    tenantId,
    query: { grant_type: 'password', username: account, password: md5(password), scope: 'all' },
  });
  if (typeof res.body.access_token !== 'string') throw new Error(`${account}@${tenantId} could not sign in: ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}
