import http from 'node:http';
import https from 'node:https';
import type { ParamStore } from '../../core/param-store.ts';
import type { Logs } from '../log/log.plugin.ts';
import { checkHookUrl, guardedLookup, HookRefused } from './host-guard.ts';

/** The method row a call is made for (matWfElementMethod). */
export type HookMethod = { id?: string; methodName: string; methodUrl: string; requestModel?: string | null };

/** What came of one call: `ok` when the hook answered 2xx in time. */
export type HookResult = { ok: boolean; status: number | null; durationMs: number; body: string; error?: string };

export type HookDeps = { params: ParamStore; logs: Pick<Logs, 'usual'> };

const MAX_BODY = 64 * 1024;

/** Sends `payload` as JSON by POST and reads at most 64 KB of the answer; never throws. */
function post(url: URL, payload: unknown, allowList: string, timeoutMs: number): Promise<Omit<HookResult, 'durationMs'>> {
  const data = Buffer.from(JSON.stringify(payload ?? {}));
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Omit<HookResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': data.length, 'user-agent': 'civdesk-hook' },
        lookup: guardedLookup(url.hostname.replace(/^\[|\]$/g, ''), allowList),
        // A redirect is never followed (node does not), so it cannot lead the call elsewhere.
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_BODY) chunks.push(c.subarray(0, MAX_BODY - size));
          size += c.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const body = Buffer.concat(chunks).toString('utf8');
          finish({ ok: status >= 200 && status < 300, status, body, ...(status >= 300 ? { error: `HTTP ${status}` } : {}) });
        });
        res.on('error', (e) => finish({ ok: false, status: res.statusCode ?? null, body: '', error: e.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, body: '', error: `超时(${timeoutMs} 毫秒)` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) =>
      finish({ ok: false, status: null, body: '', error: e instanceof HookRefused ? e.message : `连接失败: ${e.message}` }),
    );
    req.end(data);
  });
}

/**
 * Calls one hook: the URL is checked against `matter.hook.allowedHosts` (and every resolved
 * address against the internal ranges), the call limited by `matter.hook.timeoutMs`, and every
 * call — refused ones too — written to the usual log with method, URL, status and duration.
 */
export async function callHook(deps: HookDeps, method: HookMethod, payload: unknown): Promise<HookResult> {
  const started = performance.now();
  const allowList = await deps.params.get('matter.hook.allowedHosts');
  const timeoutMs = await deps.params.int('matter.hook.timeoutMs');
  let result: Omit<HookResult, 'durationMs'>;
  try {
    result = await post(checkHookUrl(method.methodUrl, allowList), payload, allowList, timeoutMs);
  } catch (e) {
    if (!(e instanceof HookRefused)) throw e;
    result = { ok: false, status: null, body: '', error: e.message };
  }
  const durationMs = Math.round(performance.now() - started);
  deps.logs.usual(
    result.ok ? 'info' : 'warn',
    'element-hook',
    `${method.methodName} POST ${method.methodUrl} status=${result.status ?? '-'} duration=${durationMs}ms` +
      `${method.requestModel === 'async' ? ' async' : ''}${result.error ? ` error=${result.error}` : ''}`,
  );
  return { ...result, durationMs };
}

/**
 * Runs a step's hooks in order: synchronous ones are awaited and the first failure is answered
 * (the caller refuses the step); asynchronous ones are started and left, their outcome only logged.
 */
export async function runHooks(
  deps: HookDeps,
  methods: HookMethod[],
  payload: unknown,
): Promise<{ failed?: { method: HookMethod; result: HookResult } }> {
  for (const m of methods) {
    if (m.requestModel === 'async') {
      void callHook(deps, m, payload).catch(() => {});
      continue;
    }
    const result = await callHook(deps, m, payload);
    if (!result.ok) return { failed: { method: m, result } };
  }
  return {};
}
