import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { http } from '../api/request.ts';

/** One recorded call: what the app sent. */
export type Call = { method: string; url: string; params: Record<string, unknown>; headers: Record<string, string>; data: unknown };

export type Reply = { status?: number; body: unknown } | Error;

type Route = (call: Call) => Reply | undefined;

/**
 * Replaces axios' adapter: the network boundary is the only thing tests stand in for. Routes are
 * tried in order; web-config is answered by default so every call gets its Basic credential.
 */
export function stubNetwork(routes: Route[]) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = String(config.url ?? '');
    const headers = Object.fromEntries(Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)]));
    const call: Call = {
      method: String(config.method ?? 'get').toUpperCase(),
      url,
      params: (config.params ?? {}) as Record<string, unknown>,
      headers,
      data: config.data,
    };
    calls.push(call);
    const reply =
      routes.map((r) => r(call)).find((r) => r !== undefined) ??
      (url === '/api/civdesk/web-config'
        ? { body: { code: 200, success: true, data: webConfig, msg: '' } }
        : { status: 404, body: { code: 404, msg: `no stub for ${url}` } });
    if (reply instanceof Error) throw reply;
    const res: AxiosResponse = { data: reply.body, status: reply.status ?? 200, statusText: '', headers: {}, config };
    const valid = config.validateStatus ? config.validateStatus(res.status) : true;
    if (!valid) throw Object.assign(new Error(`status ${res.status}`), { response: res });
    return res;
  };
  http.defaults.adapter = adapter;
  return calls;
}

export const webConfig = {
  clientId: 'saber',
  clientSecret: 'secret',
  captchaMode: false,
  tenantMode: true,
  switchMode: false,
  tenantId: '000000',
  title: 'Civdesk',
};

export const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

export const on =
  (method: string, path: string, reply: Reply | ((call: Call) => Reply)): Route =>
  (call) =>
    call.method === method && call.url === path ? (typeof reply === 'function' ? reply(call) : reply) : undefined;
