import { datasource } from '@civdesk/resources';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { decrypt, secretKey } from '../../core/cipher.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { id, loose } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { secretOnWrite } from '../../crud/secret-fields.ts';
import { assertAllowed, ConnectionTestError, parseTarget, testConnection } from './connection-test.ts';

const KEY = 'datasource';
const D = sqlOf(datasource);

const TestBody = loose({
  id: id.optional(),
  url: z.unknown().optional(),
  username: z.unknown().optional(),
  password: z.unknown().optional(),
});

/** Body: `{id}` to test a saved source, or `{url, username, password}` to test before saving; it really connects. */
async function testSource({ ctx, req, body }: Call<{ body: typeof TestBody }>) {
  let { url, username, password } = body;
  if (body.id !== undefined) {
    const row = await findOne(ctx.db, datasource, scopeOf(req), { id: body.id });
    if (!row) throw badRequest('数据源不存在');
    // The stored (encrypted) password: the engine never answers it.
    const [secret] = await ctx.db.query<{ password: string }>(`select ${D.c.password} as password from ${D.table} where ${D.c.id} = $1`, [
      body.id,
    ]);
    url ??= String(row.url);
    username ??= String(row.username);
    password ??= secret?.password ? decrypt(await secretKey(ctx.db, KEY), secret.password) : '';
  }
  if (typeof url !== 'string' || typeof username !== 'string' || typeof password !== 'string') {
    throw badRequest('请提供数据源编号，或连接地址、用户名和密码');
  }
  try {
    const target = parseTarget(url);
    assertAllowed(target, await ctx.params.get('datasource.allowedHosts'));
    await testConnection(target, username, password);
  } catch (e) {
    if (e instanceof ConnectionTestError) throw badRequest(e.message);
    throw e;
  }
  return ok(true, '连接成功');
}

/** Data-source passwords are encrypted before they are stored; the test call really connects. */
export const datasourceHooks: ResourceHooks = {
  beforeWrite: secretOnWrite(['password'], KEY),
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).post(
      `${r.api}/test`,
      { auth: { perm: `${r.name}_edit` }, summary: '测试数据源连接', body: TestBody, data: Done },
      testSource,
    );
  },
};
