import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Db, type DbOptions, openDb } from '@civdesk/db';
import { dept, role, tenant, user } from '@civdesk/resources';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject as provided } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { systemCaller } from '../../src/core/caller.ts';
import { insert } from '../../src/crud/repository.ts';
import { type ClientRow, issueTokens, loadUser } from '../../src/modules/auth/issue.ts';
import { hashPassword, md5hex } from '../../src/modules/auth/passwords.ts';
import { checkAnswers } from './answer-check.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateFile: string;
    dbUrl: string;
    dbKind: 'pg' | 'pglite';
  }
}

export type TestUser = { token: string; refreshToken: string; userId: string; tenantId: string; account: string };

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  /** Signs a seeded user in (a real session, the token endpoint's own code path). */
  as(account: string, tenantId: string): Promise<TestUser>;
  /** A fresh tenant with a department, an admin role (granted like the demo tenant's) and its user. */
  newTenant(code: string): Promise<TestUser>;
  /** The web client's Basic header. */
  basic(): Promise<string>;
  /** A new user of a tenant with a role (by alias) and password; returns its id. */
  addUser(tenantId: string, account: string, password: string, o?: { roleAlias?: string; deptId?: string; hash?: string }): Promise<string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the server answered
  call(u: TestUser | null, opts: InjectOptions): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
};

let fileDb: Promise<string> | undefined;

/**
 * The PostgreSQL database of this test file: a copy of the migrated, seeded one the run made,
 * created on first use (every connection of the file, and a child process it forks, share it).
 * Files never see each other's rows, so they may run side by side.
 */
export function fileDbUrl(): Promise<string> {
  fileDb ??= (async () => {
    const url = new URL(provided('dbUrl'));
    const template = url.pathname.slice(1);
    const name = `${template}_f${randomBytes(5).toString('hex')}`;
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      // Another file copying the template at the same moment holds it for an instant: try again.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`create database ${name} template ${template}`);
          break;
        } catch (e) {
          if (attempt > 50 || !/being accessed by other users/.test(String(e))) throw e;
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
        }
      }
    } finally {
      await admin.end();
    }
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return fileDb;
}

/** Drops this file's PostgreSQL database, if it made one (connections still open are ended). */
export async function dropFileDb(): Promise<void> {
  if (!fileDb) return;
  const url = new URL(await fileDb);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
  fileDb = undefined;
}

export async function openTestDb(o: Pick<DbOptions, 'poolSize' | 'prepare'> = {}): Promise<Db> {
  return provided('dbKind') === 'pg'
    ? openDb({ url: await fileDbUrl(), poolSize: o.poolSize ?? 4, prepare: o.prepare })
    : openDb({ memory: true, loadDataDir: new Blob([readFileSync(provided('templateFile'))]), prepare: o.prepare });
}

export const testConfig = (over: Partial<Config> = {}): Config => ({
  ...loadConfig({ NODE_ENV: 'test' }),
  webDist: '/nonexistent',
  logLevel: 'silent',
  ...over,
});

/** Copies the grants of the demo tenant's role with this alias to another role. */
export async function grantLike(db: Db, roleId: string, alias: string) {
  await db.query(
    `insert into blade_role_menu (id, role_id, menu_id)
     select (random() * 9e18)::bigint, $1, rm.menu_id from blade_role_menu rm join blade_role r on r.id = rm.role_id
      where r.tenant_id = '100001' and r.role_alias = $2`,
    [roleId, alias],
  );
}

/** Boots the real app on its own database: a PGlite copy of the template, or the shared PostgreSQL one. */
export async function buildTestApp(opts: { db?: Db; config?: Partial<Config> } = {}): Promise<TestApp> {
  const db = opts.db ?? (await openTestDb());
  // The seed gives the platform administrator an initial password, which the server would hold to
  // change-password only; tests act as one whose password was changed (initial-password.int.test.ts
  // covers the rule).
  await db.query("update blade_user set init_password = 0 where tenant_id = '000000' and account = 'admin' and init_password = 1");
  // Step hooks are saved only for allow-listed hosts (none by default); the contract suites save one
  // with the definition's example URL, so the tests allow that documentation host (never called).
  await db.query(
    "update blade_param set param_value = 'hooks.example.gov.cn' where param_key = 'matter.hook.allowedHosts' and coalesce(param_value, '') = ''",
  );
  const app = await buildApp({ db, config: testConfig(opts.config) });
  const answerProblems = checkAnswers(app);

  const client = async () => {
    const [c] = await db.query<ClientRow>(
      `select client_id as "clientId", client_secret as "clientSecret", authorized_grant_types as "grantTypes",
              access_token_validity as access, refresh_token_validity as refresh from blade_client where client_id = 'saber'`,
    );
    return c;
  };

  const as = async (account: string, tenantId: string): Promise<TestUser> => {
    const u = await loadUser(db, tenantId, { account });
    if (!u) throw new Error(`no test user ${account}@${tenantId}`);
    const a = await issueTokens(db, app.ctx.key, app.ctx.sessions, await client(), u, {
      chosenDept: null,
      chosenRole: null,
      ip: '127.0.0.1',
    });
    return { token: a.access_token, refreshToken: a.refresh_token, userId: u.id, tenantId, account };
  };

  const newTenant = async (code: string) => {
    const platform = { tz: 'UTC', caller: systemCaller('000000') };
    await insert(db, tenant, platform, { tenantId: code, tenantName: `测试租户${code}`, linkman: '测试' });
    const s = { tz: 'UTC', caller: systemCaller(code) };
    const d = await insert(db, dept, s, {
      parentId: '0',
      deptCode: `${code}-d`,
      deptName: '测试部门',
      fullName: '测试部门',
      areaName: '全国',
    });
    const r = await insert(db, role, s, { parentId: '0', roleName: '管理员', roleAlias: 'admin', sort: 1 });
    await grantLike(db, String(r.id), 'admin');
    await insert(db, user, s, { account: 'admin', realName: '测试员', name: '测试员', userType: 1, roleId: r.id, deptId: d.id });
    return as('admin', code);
  };

  const basic = async () => {
    const c = await client();
    return `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`;
  };

  const addUser = async (
    tenantId: string,
    account: string,
    password: string,
    o: { roleAlias?: string; deptId?: string; hash?: string } = {},
  ) => {
    const [r] = await db.query<{ id: string }>(
      'select id::text from blade_role where tenant_id = $1 and role_alias = $2 and is_deleted = 0',
      [tenantId, o.roleAlias ?? 'caseworker'],
    );
    const [d] = await db.query<{ id: string }>(
      'select id::text from blade_dept where tenant_id = $1 and is_deleted = 0 order by create_time limit 1',
      [tenantId],
    );
    const s = { tz: 'UTC', caller: systemCaller(tenantId) };
    const u = await insert(db, user, s, {
      account,
      realName: '测试员',
      name: account.slice(0, 20),
      userType: 1,
      roleId: r?.id ?? null,
      deptId: o.deptId ?? d.id,
    });
    await db.query('update blade_user set password = $1 where id = $2', [o.hash ?? (await hashPassword(md5hex(password))), u.id]);
    return String(u.id);
  };

  const call = async (u: TestUser | null, o: InjectOptions) => {
    const res = await app.inject({ ...o, headers: { ...(u ? { 'blade-auth': `bearer ${u.token}` } : {}), ...(o.headers ?? {}) } });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {}
    return { status: res.statusCode, body };
  };

  return {
    app,
    db,
    as,
    newTenant,
    basic,
    addUser,
    call,
    close: async () => {
      await app.close();
      if (!opts.db) await db.close();
      // An answer unlike its documented shape fails the file that saw it.
      const problems = [...new Set(answerProblems())];
      if (problems.length) throw new Error(`answers unlike the API document:\n${problems.join('\n')}`);
    },
  };
}
