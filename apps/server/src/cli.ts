// Operations command line: works on a stopped installation, on either database.
//   npm run cli -- migrate | seed | create-admin … | reset-password … | client-secret [clientId]
import type { Db } from '@civdesk/db';
import { migrate } from '@civdesk/db';
import { openDatabase } from './boot.ts';
import { loadConfig } from './config.ts';
import { newId } from './crud/ids.ts';
import { hashPassword, md5hex } from './modules/auth/passwords.ts';
import { PLATFORM_TENANT } from './modules/auth/tokens.ts';

const usage = `usage: npm run cli -- <command>
  migrate                                   apply pending migrations
  seed                                      seed an empty database
  create-admin <account> <password> [tenant] create an administrator (platform tenant by default)
  reset-password <account> <password> [tenant] set a password, flagged as initial (ends the user's sessions)
  client-secret [clientId]                  print an OAuth client's id and secret (default: saber, the web client)`;

async function setPassword(db: Db, account: string, password: string, tenantId: string) {
  const rows = await db.query(
    'update blade_user set password = $1, init_password = 1, update_time = now() where account = $2 and tenant_id = $3 and is_deleted = 0 returning id',
    [await hashPassword(md5hex(password)), account, tenantId],
  );
  if (!rows.length) throw new Error(`no user ${account} in tenant ${tenantId}`);
  await db.query(
    "update blade_auth_session set revoked_time = now(), revoke_reason = 'password-reset' where user_id = $1 and revoked_time is null",
    [(rows[0] as { id: string }).id],
  );
  await db.query('delete from blade_login_fail where fail_key = $1', [`acct:${tenantId}:${account.toLowerCase()}`]);
}

async function main() {
  const [cmd, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (!cmd || cmd === 'help') return console.log(usage);
  const db = await openDatabase({ ...config, demo: cmd === 'seed' ? config.demo : false }, console.log);
  try {
    if (cmd === 'migrate') console.log(`migrations up to date: ${(await migrate(db)).length} applied now`);
    else if (cmd === 'seed') console.log('database seeded (seeding only ever fills an empty database)');
    else if (cmd === 'client-secret') {
      const [c] = await db.query<{ id: string; secret: string; grants: string }>(
        'select client_id as id, client_secret as secret, authorized_grant_types as grants from blade_client where client_id = $1 and is_deleted = 0',
        [args[0] ?? 'saber'],
      );
      if (!c) throw new Error(`no OAuth client ${args[0] ?? 'saber'}`);
      console.log(
        `client id:     ${c.id}\nclient secret: ${c.secret}\ngrant types:   ${c.grants}\nAuthorization: Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`,
      );
    } else if (cmd === 'create-admin' || cmd === 'reset-password') {
      const [account, password, tenantId = PLATFORM_TENANT] = args;
      if (!account || !password) throw new Error(usage);
      if (cmd === 'reset-password') await setPassword(db, account, password, tenantId);
      else {
        const [role] = await db.query<{ id: string }>(
          "select id::text from blade_role where tenant_id = $1 and role_alias in ('administrator','admin') and is_deleted = 0 order by role_alias desc limit 1",
          [tenantId],
        );
        const [dept] = await db.query<{ id: string }>(
          'select id::text from blade_dept where tenant_id = $1 and is_deleted = 0 order by sort limit 1',
          [tenantId],
        );
        if (!role || !dept) throw new Error(`tenant ${tenantId} has no administrator role or department`);
        await db.query(
          `insert into blade_user (id, tenant_id, account, name, real_name, user_type, role_id, dept_id, password, init_password, is_system)
           values ($1, $2, $3, $3, $3, 1, $4, $5, $6, 1, 0)`,
          [newId(), tenantId, account, role.id, dept.id, await hashPassword(md5hex(password))],
        );
      }
      console.log(`${cmd}: done for ${account}@${tenantId} (must change the password at first sign-in)`);
    } else throw new Error(usage);
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
