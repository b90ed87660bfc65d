import { randomBytes } from 'node:crypto';
import { permCode } from '@civdesk/meta';
import { client } from '@civdesk/resources';
import { z } from 'zod';
import { notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';

const C = sqlOf(client);
const ResetParams = z.object({ id });

/**
 * A new random secret for a client, answered this once: lists and details never carry it
 * (`password` field). Clients using the old one are refused from then on.
 */
async function resetSecret({ ctx, req, params }: Call<{ params: typeof ResetParams }>) {
  const s = scopeOf(req);
  const found = await findOne(ctx.db, client, s, { id: params.id });
  if (!found) throw notFound();
  const secret = randomBytes(24).toString('base64url');
  await ctx.db.query(
    `update ${C.table} set ${C.c.clientSecret} = $2, ${C.c.updateUser} = $3, ${C.c.updateTime} = now() where ${C.c.id} = $1`,
    [params.id, secret, s.caller.userId],
  );
  return ok({ clientId: found.clientId, clientSecret: secret }, '密钥已重置，请立即保存，关闭后不再显示');
}

export const clientHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).post(
      `${r.api}/reset-secret`,
      {
        auth: { perm: permCode(r, 'secret') },
        summary: '重置应用密钥',
        params: ResetParams,
        data: z.object({ clientId: z.string(), clientSecret: z.string() }),
      },
      resetSecret,
    );
  },
};
