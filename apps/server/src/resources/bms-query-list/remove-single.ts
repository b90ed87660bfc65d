import { permCode, type Resource } from '@civdesk/meta';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import type { Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { remove } from '../../crud/repository.ts';

const One = z.object({ id });

/**
 * `GET <api>/removeSinglePhy?id=`: removes one row for good (the query resources keep no removed
 * rows), through the engine's remove, so the same tenant, built-in and hook rules hold.
 */
export function removeSinglePhy(route: ReturnType<typeof routes>, r: Resource, hooks: ResourceHooks) {
  route.get(
    `${r.api}/removeSinglePhy`,
    { auth: { perm: permCode(r, 'delete') }, summary: '删除(物理删除)', query: One, data: Done },
    async ({ ctx, req, query }: Call<{ query: typeof One }>) => {
      await remove(ctx.db, r, scopeOf(req), [query.id], hooks);
      return ok(true, '删除成功');
    },
  );
}
