// Operations command line: works on a stopped installation, on either database.
//   npm run cli -- migrate | seed | create-admin … | reset-password … | client-secret [clientId] | sm2-public-key
import type { Db } from '@civdesk/db';
import { migrate } from '@civdesk/db';
import { dept, role, user } from '@civdesk/resources';
import { openDatabase } from './boot.ts';
import { loadConfig } from './config.ts';
import { PLATFORM_TENANT } from './core/caller.ts';
import { sqlOf } from './core/table-sql.ts';
import { newId } from './crud/ids.ts';
import { clientById } from './modules/auth/issue.ts';
import { hashPassword, md5hex } from './modules/auth/passwords.ts';
import { sm2PublicKey } from './modules/dialect/sm2-key.ts';

// Nobody is signed in here: the statements name the tenant they act on themselves.
const U = sqlOf(user);
const u = U.c;
const R = sqlOf(role);
const D = sqlOf(dept);

const usage = `usage: npm run cli -- <command>
  migrate                                   apply pending migrations
  seed                                      seed an empty database
  create-admin <account> <password> [tenant] create an administrator (platform tenant by default)
  reset-password <account> <password> [tenant] set a password, flagged as initial (ends the user's sessions)
  client-secret [clientId]                  print an OAuth client's id and secret (default: saber, the web client)
  sm2-public-key                            print the SM2 public key for SpringBlade clients (their auth.publicKey)`;

async function setPassword(db: Db, account: string, password: string, tenantId: string) {
  const rows = await db.query(
    `update ${U.table} set ${u.password} = $1, ${u.initPassword} = 1, ${u.updateTime} = now()
      where ${u.account} = $2 and ${U.live('$3')} returning ${u.id}`,
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
      const c = await clientById(db, args[0] ?? 'saber');
      if (!c) throw new Error(`no OAuth client ${args[0] ?? 'saber'}`);
      const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64');
      console.log(
        `client id:     ${c.clientId}\nclient secret: ${c.clientSecret}\ngrant types:   ${c.grantTypes}\nAuthorization: Basic ${basic}`,
      );
    } else if (cmd === 'sm2-public-key') {
      console.log(await sm2PublicKey(db));
    } else if (cmd === 'create-admin' || cmd === 'reset-password') {
      const [account, password, tenantId = PLATFORM_TENANT] = args;
      if (!account || !password) throw new Error(usage);
      if (cmd === 'reset-password') await setPassword(db, account, password, tenantId);
      else {
        const [admin] = await db.query<{ id: string }>(
          `select ${R.c.id}::text as id from ${R.table} where ${R.live('$1')} and ${R.c.roleAlias} in ('administrator','admin')
            order by ${R.c.roleAlias} desc limit 1`,
          [tenantId],
        );
        const [root] = await db.query<{ id: string }>(
          `select ${D.c.id}::text as id from ${D.table} where ${D.live('$1')} order by ${D.c.sort} limit 1`,
          [tenantId],
        );
        if (!admin || !root) throw new Error(`tenant ${tenantId} has no administrator role or department`);
        await db.query(
          `insert into ${U.table} (${u.id}, ${u.tenantId}, ${u.account}, ${u.name}, ${u.realName}, ${u.userType}, ${u.roleId}, ${u.deptId},
                                   ${u.password}, ${u.initPassword}, ${u.isSystem})
           values ($1, $2, $3, $3, $3, 1, $4, $5, $6, 1, 0)`,
          [newId(), tenantId, account, admin.id, root.id, await hashPassword(md5hex(password))],
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
