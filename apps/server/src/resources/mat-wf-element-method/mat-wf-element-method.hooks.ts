import { permCode } from '@civdesk/meta';
import { matWfElementButton, matWfElementMethod } from '@civdesk/resources';
import { z } from 'zod';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { callHook } from '../../modules/element-hooks/hook-caller.ts';
import { checkHookUrl, HookRefused } from '../../modules/element-hooks/host-guard.ts';

const EB = sqlOf(matWfElementButton);

const TriggerBody = z.object({
  id,
  payload: z.record(z.string(), z.unknown()).optional(),
});

export const matWfElementMethodHooks: ResourceHooks = {
  /** A URL whose host is not allow-listed (or not http(s)) is refused when saved, not only when called. */
  async beforeWrite({ db, params }, values) {
    if (values.methodUrl === undefined) return;
    try {
      checkHookUrl(String(values.methodUrl), await params.get('matter.hook.allowedHosts', db));
    } catch (e) {
      if (e instanceof HookRefused) throw badRequest(e.message, { errors: [{ field: 'methodUrl', message: e.message }] });
      throw e;
    }
  },
  /** A hook a step button still triggers cannot go. */
  async afterRemove({ db, scope, ids }) {
    const used = await db.query<{ n: number }>(
      `select count(*)::int as n from ${EB.table} where ${EB.live('$1')} and ${EB.c.triggerMethod} = any($2::bigint[])`,
      [scope.caller.tenantId, ids],
    );
    if (used[0].n > 0) throw badRequest('方法已被环节按钮引用, 请先在环节按钮中移除后再删除');
  },
  routes(app, r, ctx) {
    /** Calls one hook now with a sample payload and answers what came of it (the call is logged). */
    async function trigger({ req, body }: Call<{ body: typeof TriggerBody }>) {
      const row = await findOne(ctx.db, matWfElementMethod, scopeOf(req), { id: body.id });
      if (!row) throw notFound('流程方法不存在');
      const method = {
        id: String(row.id),
        methodName: String(row.methodName),
        methodUrl: String(row.methodUrl),
        requestModel: 'sync',
      };
      const result = await callHook({ params: ctx.params, logs: app.logs }, method, body.payload ?? { test: true, methodId: method.id });
      return ok(result, result.ok ? '调用成功' : `调用失败: ${result.error}`);
    }
    routes(app, ctx, [r.label.en]).post(
      `${r.api}/trigger`,
      {
        auth: { perm: permCode(r, 'trigger') },
        summary: '试调用流程方法',
        body: TriggerBody,
        data: z.object({
          ok: z.boolean(),
          status: z.number().int().nullable(),
          durationMs: z.number(),
          body: z.string(),
          error: z.string().optional(),
        }),
      },
      trigger,
    );
  },
};
