import { permCode, type Resource } from '@civdesk/meta';
import { matIntForm } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Rows } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { optional } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { ALL_TENANTS, sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { mergeForest } from '../../crud/tree.ts';

const ExtQuery = z.object({ publishStatus: optional(z.enum(['0', '1'], { error: 'publishStatus 应为 0 或 1' })) });

/**
 * `matIntFormExt/tree`: the form directory with its forms as leaves, for the pickers that bind a
 * form to a matter or a step. Directory nodes have nodeType `type` and cannot be picked
 * (`disabled`); form nodes have nodeType `form`. `publishStatus=1` leaves out unpublished forms.
 */
function registerFormExtTree(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const perm = { perm: [permCode(r, 'view'), permCode(matIntForm, 'view')] };
  routes(app, ctx, [r.label.en]).get(
    '/api/dw-matter/matIntFormExt/tree',
    { auth: perm, summary: '表单目录及表单树(选择表单)', query: ExtQuery, data: Rows },
    async ({ req, query }) => {
      const s = scopeOf(req);
      const types = await rows(ctx.db, r, s, { ...listQuery(r, {}), size: 5000 });
      const formQuery = listQuery(matIntForm, query.publishStatus ? { publishStatus: query.publishStatus } : {});
      const forms = await rows(ctx.db, matIntForm, s, { ...formQuery, size: 5000 });
      const nodes = [
        ...types.map((t) => ({
          id: String(t.id),
          parentId: String(t.parentId ?? '0'),
          title: String(t.typeName),
          key: String(t.id),
          value: String(t.id),
          nodeType: 'type',
          disabled: true,
          hasChildren: false,
        })),
        ...forms.map((f) => ({
          id: String(f.id),
          parentId: String(f.formTypeId ?? '0'),
          title: String(f.formName),
          key: String(f.id),
          value: String(f.id),
          nodeType: 'form',
          publishStatus: Number(f.publishStatus),
          latestVersion: Number(f.latestVersion),
          hasChildren: false,
        })),
      ];
      return ok(mergeForest(nodes));
    },
  );
}

const forms = sqlOf(matIntForm, 'f');

export const matIntFormTypeHooks: ResourceHooks = {
  // A directory that still files forms stays (in the removal's transaction: a throw keeps every row);
  // the ids are the caller's own rows, checked by the removal, so their forms are of the same tenant.
  async afterRemove({ db, ids }) {
    const [filed] = await db.query<{ name: string }>(
      `select ${forms.c.formName} as "name" from ${forms.table} where ${forms.live(ALL_TENANTS)} and ${forms.c.formTypeId} = any($1::bigint[]) limit 1`,
      [ids],
    );
    if (filed) throw badRequest(`目录下还有表单「${filed.name}」，请先移走或删除表单`);
  },
  routes: registerFormExtTree,
};
