import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { i18n } from '../i18n/index.ts';
import { goTo } from './navigation.ts';
import { clearSession, getToken } from './session.ts';
import { toastError } from './toast.ts';

/** Per-call options (Saber's `meta`). */
export type RequestMeta = {
  /** false: do not send Blade-Auth even when signed in. */
  isToken?: boolean;
  /** Codes this call handles itself: the promise rejects with the raw response and nothing is shown. */
  silentCodes?: number[] | 'all';
  /** Sent without the client credential (the call that fetches it). */
  bare?: boolean;
};

declare module 'axios' {
  interface AxiosRequestConfig {
    meta?: RequestMeta;
  }
}

/** The BladeX envelope. */
export type Envelope<T> = { code: number; success: boolean; data: T; msg: string };

/** Runtime configuration served by the server, so client credentials never sit in the bundle. */
export type WebConfig = {
  clientId: string;
  clientSecret: string;
  captchaMode: boolean;
  tenantMode: boolean;
  switchMode: boolean;
  tenantId: string;
  title: string;
};

/** A call the server refused; `data` keeps the body (e.g. `data.errors` of a 400). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly response: AxiosResponse,
  ) {
    super(message);
    this.name = 'RequestError';
  }
  get data(): unknown {
    return (this.response.data as { data?: unknown } | undefined)?.data;
  }
}

export const http = axios.create({
  baseURL: '', // every path already starts with /api
  timeout: 90_000,
  withCredentials: true,
  // All handed to the body-code logic below, 503 too: an outage says so instead of a generic error.
  validateStatus: (s) => s >= 200 && s < 600,
});

/** Codes every caller handles itself. */
let statusWhiteList: number[] = [];
export function setStatusWhiteList(codes: number[]): void {
  statusWhiteList = [...codes];
}

let configPromise: Promise<WebConfig> | undefined;
let loadedConfig: WebConfig | undefined;

/** Fetched once per page load; a failed fetch is retried by the next call. */
export function loadWebConfig(): Promise<WebConfig> {
  configPromise ??= http
    .get<Envelope<WebConfig>>('/api/civdesk/web-config', { meta: { bare: true, isToken: false } })
    .then((res) => {
      loadedConfig = res.data.data;
      return loadedConfig;
    })
    .catch((e: unknown) => {
      configPromise = undefined;
      throw e;
    });
  return configPromise;
}

/** Test hook: forget the cached configuration. */
export function resetWebConfig(): void {
  configPromise = undefined;
  loadedConfig = undefined;
}

/**
 * Whether the server runs with tenants (TENANT_MODE), once the configuration is in: every call
 * waits for it first, so a screen reading this has it. Until then, on (the server's default).
 */
export const tenantModeOn = (): boolean => loadedConfig?.tenantMode ?? true;

http.interceptors.request.use(async (config) => {
  const meta = config.meta ?? {};
  if (!meta.bare) {
    const { clientId, clientSecret } = await loadWebConfig();
    config.headers.set('Authorization', `Basic ${btoa(`${clientId}:${clientSecret}`)}`);
  }
  const token = getToken();
  if (token && meta.isToken !== false) config.headers.set('Blade-Auth', `bearer ${token}`);
  // The server picks its message language from this header, not from the browser's default.
  if (!config.headers.has('Accept-Language')) config.headers.set('Accept-Language', i18n.language === 'en' ? 'en' : 'zh-CN');
  return config;
});

type Body = { code?: unknown; msg?: unknown; error_description?: unknown } | null | undefined;

http.interceptors.response.use((res) => {
  const body = (typeof res.data === 'object' ? res.data : undefined) as Body;
  const status = typeof body?.code === 'number' ? body.code : res.status;
  if (status === 200) return res;
  const silent = res.config.meta?.silentCodes;
  if (statusWhiteList.includes(status) || silent === 'all' || silent?.includes(status)) return Promise.reject(res);
  // A gateway or outage answer without an envelope (a proxy's page) still says to try again shortly.
  const fallback = status >= 502 && status <= 504 ? 'crud.unavailable' : 'crud.unknownError';
  const text = String(body?.msg || body?.error_description || i18n.t(fallback));
  if (status === 401) {
    clearSession();
    goTo('/login');
    return Promise.reject(new RequestError(status, text, res));
  }
  toastError(text);
  return Promise.reject(new RequestError(status, text, res));
});

/** GET returning the envelope's data. */
export async function getData<T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.get<Envelope<T>>(url, { ...config, params });
  return res.data.data;
}

/** POST (JSON body) returning the envelope's data. */
export async function postData<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.post<Envelope<T>>(url, body, config);
  return res.data.data;
}
