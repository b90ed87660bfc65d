import { frontLog } from '@civdesk/resources';
import { z } from 'zod';
import { ok } from '../../core/envelope.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { insert } from '../../crud/repository.ts';

const MAX_ENTRIES = 100;
const clip = (v: unknown, n: number) =>
  (typeof v === 'string' || typeof v === 'number' ? String(v) : '').replaceAll('\u0000', '').slice(0, n);

/** The shell's local error log: an array of entries, or `{logs: [...]}`. */
const LogsBody = z
  .union([z.array(z.unknown()), z.object({ logs: z.array(z.unknown()) })], { error: '请求体应为日志数组' })
  .transform((v) => (Array.isArray(v) ? v : v.logs))
  .refine((list) => list.length <= MAX_ENTRIES, { error: `一次最多上传${MAX_ENTRIES}条日志` });

/** Stores the entries with who sent them; entries that are not objects are skipped. */
async function sendLogs({ ctx, req, body }: Call<{ body: typeof LogsBody }>) {
  const s = scopeOf(req);
  const entries = body.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === 'object' && !Array.isArray(x));
  const userAgent = clip(req.headers['user-agent'], 500);
  for (const e of entries) {
    await insert(ctx.db, frontLog, s, {
      type: clip(e.type, 32),
      url: clip(e.url, 1000),
      message: clip(e.message, 4000),
      stack: clip(e.stack, 16000),
      time: clip(e.time, 32),
      userAgent,
    });
  }
  return ok(entries.length, '发送成功');
}

/** The shell's "upload logs": its local error log, stored with who sent it. */
export const frontLogHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).post(
      `${r.api}/send`,
      { auth: 'signed-in', summary: '上传前端日志', body: LogsBody, data: z.number().int() },
      sendLogs,
    );
  },
};
