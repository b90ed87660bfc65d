import { permCode } from '@civdesk/meta';
import { bmsQueryList, queryRunScreen } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { id, loose } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { runQuery } from './query-service.ts';

const API = '/api/dw-query/bmsuccessQuery';
// Who may run a query: the run page's menu, or the query list's 执行 button.
const canRun = { perm: [queryRunScreen.name, permCode(bmsQueryList, 'run')] };

const conditions = 'the query conditions by parameter name (paramName), e.g. deptName=社';
const ListParams = loose({ id }).describe(conditions);
const pageNumber = (name: string, max: number, fallback: number) =>
  z
    .unknown()
    .optional()
    .transform((v, c) => {
      const s = v === undefined || v === '' ? String(fallback) : String(v);
      if (!/^\d{1,6}$/.test(s) || Number(s) < 1 || Number(s) > max) {
        c.addIssue({ code: 'custom', message: `${name} 应为 1 到 ${max} 的整数` });
        return z.NEVER;
      }
      return Number(s);
    });
const PageParams = loose({ id, current: pageNumber('current', 100_000, 1), size: pageNumber('size', 1000, 10) }).describe(conditions);

/** Every row of a query's answer (at most 1000), its conditions bound by name. */
async function queryList({ ctx, req, params }: Call<{ params: typeof ListParams }>) {
  const r = await runQuery(ctx.db, scopeOf(req), params.id, params);
  return ok(r.rows);
}

/** One page of a query's answer with the total, and the columns it answered. */
async function queryPage({ ctx, req, params }: Call<{ params: typeof PageParams }>) {
  const { current, size } = params;
  const r = await runQuery(ctx.db, scopeOf(req), params.id, params, { current, size });
  const total = r.total ?? r.rows.length;
  return ok({ records: r.rows, total, current, size, pages: Math.ceil(total / size), columns: r.columns });
}

/** Runs custom queries (bmsuccessQuery): the administrator's SQL, read-only, in the caller's tenant. */
export function registerQueryRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routes(app, ctx, ['Custom queries']);
  for (const add of [route.get, route.post]) {
    add(`${API}/queryList`, { auth: canRun, summary: '执行自定义查询(全部结果)', params: ListParams, data: z.array(Obj) }, queryList);
    add(
      `${API}/queryPage`,
      { auth: canRun, summary: '执行自定义查询(分页)', params: PageParams, data: pageShape(Obj).extend({ columns: z.array(z.unknown()) }) },
      queryPage,
    );
  }
}
