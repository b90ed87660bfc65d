import { permCode } from '@civdesk/meta';
import { matWfVersion } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { id, optionalString } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { flowProcessColumns, withCategoryName } from '../../modules/workflow/definitions.ts';

// dwCommonProcess: the tenant's deployed process definitions, for the version form's picker.

const API = '/api/dw-matter/dwCommonProcess';
const ById = z.object({ id });
const ByKey = z.object({ processKey: z.string().min(1, '请输入流程标识').max(255) });
const ListQuery = z.object({ name: optionalString, key: optionalString });

async function getById({ ctx, req, query }: Call<{ query: typeof ById }>) {
  const [d] = await ctx.db.query<{ category: string | null }>(
    `select ${flowProcessColumns(ctx.tz)} from wf_definition d where d.id::text = $1 and d.tenant_id = $2`,
    [query.id, scopeOf(req).caller.tenantId],
  );
  if (!d) throw notFound('流程定义不存在');
  return ok(withCategoryName(d));
}

/** The newest deployed version of a process key. */
async function getLatestDeploy({ ctx, req, params }: Call<{ params: typeof ByKey }>) {
  const [d] = await ctx.db.query<{ category: string | null }>(
    `select ${flowProcessColumns(ctx.tz)} from wf_definition d where d.tenant_id = $1 and d.process_key = $2 order by d.version desc limit 1`,
    [scopeOf(req).caller.tenantId, params.processKey],
  );
  return ok(d ? withCategoryName(d) : null);
}

/** Every deployed definition of the tenant (newest first), optionally filtered by name or key. */
async function definitionList({ ctx, req, query }: Call<{ query: typeof ListQuery }>) {
  const like = (v: string | undefined) => (v ? `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);
  const found = await ctx.db.query<{ category: string | null }>(
    `select ${flowProcessColumns(ctx.tz)} from wf_definition d where d.tenant_id = $1
        and ($2::text is null or d.name like $2) and ($3::text is null or d.process_key like $3)
      order by d.process_key, d.version desc limit 500`,
    [scopeOf(req).caller.tenantId, like(query.name), like(query.key)],
  );
  return ok(found.map(withCategoryName));
}

export function registerCommonProcessRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routes(app, ctx, ['Workflow versions']);
  const auth = { perm: permCode(matWfVersion, 'view') };
  route.get(`${API}/actReProcdef/getById`, { auth, summary: '流程定义详情', query: ById, data: Obj }, getById);
  route.post(`${API}/getLatestDeploy`, { auth, summary: '流程标识的最新部署版本', params: ByKey, data: Obj.nullable() }, getLatestDeploy);
  route.get(`${API}/definitionList`, { auth, summary: '租户已部署的流程定义', query: ListQuery, data: z.array(Obj) }, definitionList);
}
