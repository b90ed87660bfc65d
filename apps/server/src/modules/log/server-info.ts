import { hostname, networkInterfaces } from 'node:os';
import { clipText } from '../../core/text.ts';

/** Where a log row was written: the same on every row of one server copy. */
export const serverInfo = {
  host: hostname().slice(0, 255),
  ip:
    Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? '127.0.0.1',
  env: process.env.NODE_ENV || 'prod',
};

const SENSITIVE = /pass|secret|token|captcha|auth|key/i;

/** Query parameters as logged: secrets and credentials replaced, long values cut (by characters). */
export function loggableParams(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    const value = SENSITIVE.test(k) ? '******' : clipText(Array.isArray(v) ? v.join(',') : v, 500);
    parts.push(`${k}=${value}`);
  }
  return clipText(parts.join('&'), 4000);
}

/** The service a path belongs to, as BladeX names it: /api/<service>/… */
export const serviceOf = (url: string) => (/^\/api\/([^/?]+)/.exec(url)?.[1] ?? 'web').slice(0, 32);
