import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { idParam, scopeOf } from '../../crud/routes.ts';
import { secretOnWrite } from '../../crud/secret-fields.ts';
import { decrypt, secretKey } from '../../modules/secrets/cipher.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';
import { assertAllowed, ConnectionTestError, parseTarget, testConnection } from './connection-test.ts';

const KEY = 'datasource';

/** Data-source passwords are encrypted before they are stored; the test call really connects. */
export const datasourceHooks: ResourceHooks = {
  beforeWrite: secretOnWrite(['password'], KEY),
  routes(app, r, deps) {
    // Body: {id} to test a saved source, or {url, username, password} to test before saving.
    app.post(
      `${r.api}/test`,
      { config: { auth: { perm: `${r.name}_edit` } }, schema: { tags: [r.label.en], summary: '测试数据源连接' } },
      async (req) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        let { url, username, password } = body as Record<string, string | undefined>;
        if (body.id !== undefined) {
          const id = idParam(body.id, 'id');
          const row = await findOne(deps.db, r, scopeOf(req, deps), { id });
          if (!row) throw badRequest('数据源不存在');
          const [secret] = await deps.db.query<{ password: string }>(`select password from ${r.table} where id = $1`, [id]);
          url ??= String(row.url);
          username ??= String(row.username);
          password ??= secret?.password ? decrypt(await secretKey(deps.db, KEY), secret.password) : '';
        }
        if (typeof url !== 'string' || typeof username !== 'string' || typeof password !== 'string') {
          throw badRequest('请提供数据源编号,或连接地址、用户名和密码');
        }
        const [param] = await deps.db.query<{ v: string }>(
          "select param_value v from blade_param where param_key = 'datasource.allowedHosts' and is_deleted = 0",
        );
        try {
          const target = parseTarget(url);
          assertAllowed(target, param?.v ?? '');
          await testConnection(target, username, password);
        } catch (e) {
          if (e instanceof ConnectionTestError) throw badRequest(e.message);
          throw e;
        }
        return ok(true, '连接成功');
      },
    );
  },
};
