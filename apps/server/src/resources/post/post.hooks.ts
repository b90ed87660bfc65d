import { post } from '@civdesk/resources';
import { Rows } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { assignedSelect, SelectQuery } from '../../modules/permission/assigned-select.ts';

/** The post dropdown: a tenant's posts, or one user's own. */
async function postSelect({ ctx, req, query }: Call<{ query: typeof SelectQuery }>) {
  const found = await assignedSelect(ctx, req, query, post, 'postId');
  return ok(
    found.map((x) => ({ id: x.id, category: x.category, postCode: x.postCode, postName: x.postName, sort: x.sort, tenantId: x.tenantId })),
  );
}

export const postHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/select`,
      { auth: 'signed-in', summary: '岗位下拉', query: SelectQuery, data: Rows },
      postSelect,
    );
  },
};
