import { permCode, type Resource } from '@civdesk/meta';
import { EXPORT_DONE, exportFile } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Page } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, HttpError, notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { parseIds, scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, page } from '../../crud/repository.ts';
import type { Params } from '../../crud/sql.ts';
import { runnerOf } from '../../modules/export/export-runner.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `myPage`: paging and the file-name filter beside `param`, in the body or the query string. */
const MyPage = z
  .object({
    current: z.coerce.number().int().min(1).optional(),
    size: z.coerce.number().int().min(1).max(100).optional(),
    fileName: z.string().max(200).optional(),
    param: z
      .object({ fileName: z.string().max(200).optional() })
      .loose()
      .optional(),
  })
  .loose();
const ById = z.object({ id });

/** Only the caller's own files: an export is of the caller's reach and is nobody else's to read. */
const own = (userId: string) => (p: Params, alias: string) => [`${alias}."create_user" = ${p.add(userId)}`];
const shown = ({ job: _job, fileLink: _link, ...rest }: Record<string, unknown>) => rest;

function registerRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const runner = runnerOf(ctx, (msg, err) => app.log.error({ err }, msg));
  // Jobs queued or left running when a server stopped are taken up once this one is ready.
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  const route = routes(app, ctx, [r.label.en]);
  route.post(
    `${r.api}/myPage`,
    { auth: { perm: permCode(r, 'view') }, summary: '我的导出文件（分页，含进度）', params: MyPage, data: Page },
    async ({ ctx, req, params }) => {
      const s = scopeOf(req);
      const fileName = params.param?.fileName ?? params.fileName;
      const q = listQuery(r, { current: params.current ?? 1, size: params.size ?? 10, ...(fileName ? { fileName } : {}) });
      const found = await page(ctx.db, r, s, q, own(s.caller.userId));
      return ok({ ...found, records: found.records.map(shown) });
    },
  );
  route.get(
    `${r.api}/doDownLoad`,
    {
      auth: { perm: permCode(r, 'view') },
      summary: '下载导出文件',
      query: ById,
      download: true,
      answer: { type: 'string', format: 'binary', description: XLSX },
    },
    async ({ ctx, req, reply, query }) => {
      const s = scopeOf(req);
      const row = await findOne(ctx.db, r, s, { id: query.id });
      // Another user's file (or another tenant's) answers as if it did not exist.
      if (!row || String(row.createUser) !== s.caller.userId || row.tenantId !== s.caller.tenantId) throw notFound('文件不存在');
      if (Number(row.exportStatus) !== EXPORT_DONE || !row.fileLink) throw badRequest('文件尚未导出完成');
      const bytes = await runner.files.bytesOf(String(row.tenantId), String(row.fileLink)).catch((e) => {
        throw new HttpError(503, `文件读取失败: ${(e as Error).message}`);
      });
      if (!bytes) throw notFound('文件不存在');
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(String(row.fileName))}`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}

const F = sqlOf(exportFile);

/** Export files: listed, downloaded and removed by their owner only; removing a running one stops it. */
export const exportFileHooks: ResourceHooks = {
  routes: registerRoutes,
  removeTargets: {
    docs: { type: 'object', properties: { ids: { type: 'string', description: 'comma-separated ids of the caller’s own files' } } },
    async resolve(db, s, params) {
      const ids = parseIds(params.ids);
      const found = await db.query<{ id: string }>(
        `select ${F.c.id}::text as id from ${F.table} where ${F.c.id} = any($1::bigint[]) and ${F.live('$2')} and ${F.c.createUser} = $3`,
        [ids, s.caller.tenantId, s.caller.userId],
      );
      if (found.length !== new Set(ids).size) throw notFound('部分数据不存在或已被删除');
      return ids;
    },
  },
};
