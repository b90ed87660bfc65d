import { permCode } from '@civdesk/meta';
import { pwStrategy } from '@civdesk/resources';
import { Obj } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { loose, nothing } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { submitBodySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { submit } from '../../crud/submit.ts';
import { loadPolicy } from '../../modules/auth/password-policy.ts';

/** Read by anyone about to choose a password. */
async function getStrategy({ ctx, req }: Call) {
  return ok(await loadPolicy(ctx.db, callerOf(req).tenantId));
}

const PolicyBody = loose({});

/** Saves the tenant's one policy: updates the saved row, or creates it. */
async function saveStrategy({ ctx, req, body }: Call<{ body: typeof PolicyBody }>) {
  const existing = await loadPolicy(ctx.db, callerOf(req).tenantId);
  const { id: _ignored, ...values } = body;
  req.body = existing.id ? { ...values, id: existing.id } : values;
  return ok(await submit(ctx, pwStrategy, req), '保存成功');
}

/** The tenant's password policy (the engine registers no routes for it). */
export const pwStrategyHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, ['Users']);
    route.get(`${r.api}/getStrategy`, { auth: 'signed-in', summary: '密码策略', query: nothing, data: Obj }, getStrategy);
    route.post(
      `${r.api}/cusSubmit`,
      {
        auth: { perm: permCode(r, 'edit') },
        summary: '保存密码策略',
        body: PolicyBody,
        docs: { body: submitBodySchema(pwStrategy) },
        data: Obj,
      },
      saveStrategy,
    );
  },
};
