import { permCode, type Resource } from '@civdesk/meta';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../core/context.ts';
import { badRequest, ok } from '../core/envelope.ts';
import { submitBodySchema } from './docs-schema.ts';
import type { ResourceHooks } from './hooks.ts';
import { submit } from './submit.ts';

const hasId = (req: FastifyRequest) => {
  const body = req.body as Record<string, unknown> | null | undefined;
  const v = body && typeof body === 'object' ? body.id : undefined;
  return v !== undefined && v !== null && v !== '';
};

/**
 * `save` (new) and `update` (existing): the engine's submit split in two, as some screens of the
 * spec call it. `hooks` are the resource's own, run as on submit.
 */
export function saveAndUpdateRoutes(app: FastifyInstance, r: Resource, ctx: AppContext, hooks: ResourceHooks) {
  const perms = { create: permCode(r, 'add'), update: permCode(r, 'edit') };
  const docs = { tags: [r.label.en], body: submitBodySchema(r) };
  app.route({
    method: 'POST',
    url: `${r.api}/save`,
    config: { auth: { perm: perms.create }, data: { type: 'object' } },
    schema: { ...docs, summary: `${r.label.zh} 新增` },
    handler: async (req) => {
      if (hasId(req)) throw badRequest('新增时不能指定主键');
      return ok(await submit(ctx, r, req, hooks, perms), '新增成功');
    },
  });
  app.route({
    method: 'POST',
    url: `${r.api}/update`,
    config: { auth: { perm: perms.update }, data: { type: 'object' } },
    schema: { ...docs, summary: `${r.label.zh} 修改` },
    handler: async (req) => {
      if (!hasId(req)) throw badRequest('缺少必要的请求参数：id');
      return ok(await submit(ctx, r, req, hooks, perms), '更新成功');
    },
  });
}
