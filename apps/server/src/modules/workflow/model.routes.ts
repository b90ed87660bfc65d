import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound, ok } from '../../core/envelope.ts';
import { id, optionalString, rowIds } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { newId } from '../../crud/ids.ts';
import { compileOrRefuse, deploy, flowProcessColumns, withCategoryName } from './definitions.ts';
import { fmt, Params, pageOf } from './lists.ts';
import { paging, searchText } from './schemas.ts';

// 模型设计: models saved with their XML (checked on every save) and deployed as new versions.

const API = '/api/blade-flow/model';

const MODEL = (tz: string) => `m.id::text as id, m.tenant_id as "tenantId", m.name, m.model_key as "modelKey", m.description, m.version,
  ${fmt('m.create_time', tz)} as created, ${fmt('m.update_time', tz)} as "lastUpdated", m.model_type as "modelType"`;

const submitBody = z.object({
  id: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
  name: z.string({ error: '请输入模型名称' }).trim().min(1, { error: '请输入模型名称' }).max(255, { error: '模型名称最长255个字符' }),
  modelKey: z
    .string({ error: '请输入模型标识' })
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, { error: '模型标识须以字母开头，只含字母、数字、_ 和 -，最长64位' }),
  description: z.string().max(1000, { error: '描述最长1000个字符' }).optional().nullable(),
  xml: z.string({ error: '请上传流程文件' }).min(1, { error: '请上传流程文件' }),
});

export function registerModelRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Workflow']);
  const tz = ctx.tz;

  r.get(
    `${API}/list`,
    {
      auth: { perm: 'flow_model' },
      summary: '模型列表',
      query: z.object({ ...paging, name: searchText, modelKey: searchText }),
      data: pageShape(Obj),
    },
    ({ req, query }) => {
      const c = callerOf(req);
      const s = new Params();
      const z1 = tz;
      let from = `from wf_model m where m.tenant_id = ${s.p(c.tenantId)} and m.is_deleted = 0`;
      if (query.name) from += ` and m.name ilike ${s.p(`%${query.name}%`)}`;
      if (query.modelKey) from += ` and m.model_key ilike ${s.p(`%${query.modelKey}%`)}`;
      return pageOf(ctx.db, s, from, MODEL(z1), 'm.update_time desc, m.id desc', query).then(ok);
    },
  );

  r.get(
    `${API}/detail`,
    { auth: { perm: 'flow_model' }, summary: '模型详情', query: z.object({ id }), data: Obj },
    async ({ req, query }) => {
      const [m] = await ctx.db.query(
        `select ${MODEL(tz)}, m.xml from wf_model m where m.id = $1 and m.tenant_id = $2 and m.is_deleted = 0`,
        [query.id, callerOf(req).tenantId],
      );
      if (!m) throw notFound('模型不存在');
      return ok(m);
    },
  );

  r.post(
    `${API}/submit`,
    { auth: { perm: ['flow_model_add', 'flow_model_edit'] }, summary: '保存模型', body: submitBody, data: Obj },
    async ({ req, body }) => {
      const c = callerOf(req);
      await compileOrRefuse(body.xml);
      const saved = await ctx.db.tx(async (q) => {
        const [dup] = await q.query(
          'select id from wf_model where tenant_id = $1 and model_key = $2 and is_deleted = 0 and id::text <> $3',
          [c.tenantId, body.modelKey, body.id ?? ''],
        );
        if (dup) throw badRequest('模型标识已存在');
        if (body.id) {
          const rows = await q.query(
            `update wf_model set name = $3, model_key = $4, description = $5, xml = $6, version = version + 1, update_time = now()
            where id = $1 and tenant_id = $2 and is_deleted = 0 returning id::text`,
            [body.id, c.tenantId, body.name, body.modelKey, body.description ?? null, body.xml],
          );
          if (!rows.length) throw notFound('模型不存在');
          return body.id;
        }
        const mid = newId();
        await q.query(
          `insert into wf_model (id, tenant_id, model_key, name, description, xml, create_user) values ($1, $2, $3, $4, $5, $6, $7)`,
          [mid, c.tenantId, body.modelKey, body.name, body.description ?? null, body.xml, c.userId],
        );
        return mid;
      });
      const [m] = await ctx.db.query(`select ${MODEL(tz)} from wf_model m where m.id = $1`, [saved]);
      return ok(m);
    },
  );

  r.post(
    `${API}/remove`,
    { auth: { perm: 'flow_model_delete' }, summary: '删除模型', params: z.object({ ids: rowIds }), data: Done },
    async ({ req, params }) => {
      await ctx.db.query(
        `update wf_model set is_deleted = 1 where tenant_id = $1 and id in (select jsonb_array_elements_text($2::jsonb)::bigint)`,
        [callerOf(req).tenantId, JSON.stringify(params.ids)],
      );
      return ok(true);
    },
  );

  r.post(
    `${API}/deploy`,
    {
      auth: { perm: 'flow_model_deploy' },
      summary: '部署模型',
      params: z.object({ modelId: id, category: optionalString, tenantIds: optionalString }),
      data: Obj,
    },
    async ({ req, params }) => {
      const c = callerOf(req);
      const tenants = tenantsOf(c, params.tenantIds);
      const ids = await ctx.db.tx(async (q) => {
        const [m] = await q.query<{ xml: string; modelKey: string }>(
          'select xml, model_key as "modelKey" from wf_model where id = $1 and tenant_id = $2 and is_deleted = 0',
          [params.modelId, c.tenantId],
        );
        if (!m) throw notFound('模型不存在');
        return deploy(q, m.xml, {
          tenantIds: tenants,
          category: params.category ?? null,
          resourceName: `${m.modelKey}.bpmn20.xml`,
          actor: c.userId,
        });
      });
      const rows = await ctx.db.query<{ category: string | null }>(
        `select ${flowProcessColumns(tz)} from wf_definition d where d.id in (select jsonb_array_elements_text($1::jsonb)::bigint) order by d.id`,
        [JSON.stringify(ids)],
      );
      return ok(rows.map(withCategoryName)[0]);
    },
  );
}

/** Deploying for other tenants is the platform administrator's; everyone else deploys for their own. */
export function tenantsOf(c: { tenantId: string; platformAdmin: boolean }, raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!list.length) return [c.tenantId];
  if (!c.platformAdmin && list.some((t) => t !== c.tenantId)) throw forbidden('只有平台管理员可以为其他租户部署');
  if (!list.every((t) => /^\d{6}$/.test(t))) throw badRequest('tenantIds 应为租户编号列表');
  return [...new Set(list)];
}
