import { permCode } from '@civdesk/meta';
import { matIntElement } from '@civdesk/resources';
import { z } from 'zod';
import { Nodes, Row } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { loose, nothing } from '../../core/input.ts';
import { plain, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { ALL_TENANTS, sqlOf } from '../../core/table-sql.ts';
import { submitBodySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';
import { nodeForest } from '../../crud/tree.ts';

const E = sqlOf(matIntElement);
export const HAS_MATTERS = '该目录下存在事项，不能删除';

const SubmitBody = loose({ id: z.unknown().optional() });

/**
 * Catalogues: the launch screen's tree (`cusStartTree`), a save that answers the saved row
 * (`cusSubmit`), and the rule that a catalogue still holding matters stays.
 */
export const matIntCatalogueTypeHooks: ResourceHooks = {
  // The removed ids were checked to be the caller's; matters pointing at them can only be the same tenant's.
  async afterRemove({ db, ids }) {
    const found = await db.query(
      `select 1 from ${E.table} where ${E.c.catalogueType} = any($1::bigint[]) and ${E.live(ALL_TENANTS)} limit 1`,
      [ids],
    );
    if (found.length) throw badRequest(HAS_MATTERS);
  },
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    // Everyone who starts applications reads it, not only those who configure the catalogue.
    route.get(
      `${r.api}/cusStartTree`,
      { auth: 'signed-in', summary: '事项目录 发起时显示的目录树', query: nothing, data: Nodes },
      async ({ req }: Call) => {
        const q = listQuery(r, { isStart: '1', isEnabled: '1' });
        return ok(nodeForest(r, await rows(ctx.db, r, scopeOf(req), { ...q, size: 5000 })));
      },
    );
    route.post(
      `${r.api}/cusSubmit`,
      {
        auth: { perm: [permCode(r, 'add'), permCode(r, 'edit')] },
        summary: '事项目录 保存并返回该行',
        body: SubmitBody,
        docs: { body: submitBodySchema(r) },
        data: Row,
      },
      async ({ req }) => {
        const row = await submit(ctx, r, req, matIntCatalogueTypeHooks, { create: permCode(r, 'add'), update: permCode(r, 'edit') });
        return ok(row, plain(req.body).id ? '更新成功' : '新增成功');
      },
    );
  },
};
