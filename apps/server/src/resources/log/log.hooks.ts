import type { ResourceHooks } from '../../crud/hooks.ts';
import { newId } from '../../crud/ids.ts';
import { callerOf } from '../../plugins/auth.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

const MAX_ENTRIES = 100;
const clip = (v: unknown, n: number) =>
  (typeof v === 'string' || typeof v === 'number' ? String(v) : '').replaceAll('\u0000', '').slice(0, n);

/** The shell's "upload logs" (spec 000 §3, §8): its local error log, stored with who sent it. */
export const frontLogHooks: ResourceHooks = {
  routes(app, r, deps) {
    app.post(`${r.api}/send`, { config: { auth: 'signed-in' }, schema: { tags: [r.label.en], summary: '上传前端日志' } }, async (req) => {
      const c = callerOf(req);
      const body = req.body as unknown;
      const list = Array.isArray(body)
        ? body
        : body && typeof body === 'object' && Array.isArray((body as { logs?: unknown }).logs)
          ? (body as { logs: unknown[] }).logs
          : null;
      if (!list) throw badRequest('请求体应为日志数组');
      if (list.length > MAX_ENTRIES) throw badRequest(`一次最多上传${MAX_ENTRIES}条日志`);
      const entries = list.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === 'object' && !Array.isArray(x));
      const ua = clip(req.headers['user-agent'], 500);
      for (const e of entries) {
        await deps.db.query(
          `insert into blade_log_front (id, tenant_id, create_user, create_dept, update_user, type, url, message, stack, time, user_agent)
           values ($1, $2, $3, $4, $3, $5, $6, $7, $8, $9, $10)`,
          [
            newId(),
            c.tenantId,
            c.userId,
            c.deptId,
            clip(e.type, 32),
            clip(e.url, 1000),
            clip(e.message, 4000),
            clip(e.stack, 16000),
            clip(e.time, 32),
            ua,
          ],
        );
      }
      return ok(entries.length, '发送成功');
    });
  },
};
