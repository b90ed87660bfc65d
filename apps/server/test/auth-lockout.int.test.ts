import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Lockout: per account and per address, unlock, and the same answer in the same
// time for an unknown account and a wrong password.
let t: TestApp;
let basic: string;
let tenantAdmin: TestUser;
const run = Date.now().toString(36).slice(-6);
let ipSeq = 0;
const nextIp = () => `10.77.${(ipSeq >> 8) & 255}.${(ipSeq++ & 255) + 1}`;

const signIn = (username: string, plain: string, ip = nextIp(), tenantId = '100001') =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { grant_type: 'password', username, password: md5hex(plain), scope: 'all' },
    headers: { authorization: basic, 'tenant-id': tenantId },
    remoteAddress: ip,
  });
const said = async (res: Promise<{ json(): { error_description?: string } }>) => (await res).json().error_description ?? 'ok';

async function setParam(key: string, value: string) {
  await t.db.query('update blade_param set param_value = $2 where param_key = $1', [key, value]);
  t.app.ctx.params.forget();
}

beforeAll(async () => {
  t = await buildTestApp();
  basic = await t.basic();
  tenantAdmin = await t.as('admin', '100001');
});
afterAll(async () => {
  await setParam('account.failCount', '5');
  await setParam('account.ipFailCount', '20');
  await t?.close();
});

describe('account lockout', () => {
  it('locks after account.failCount failures, refuses even the right password, and an administrator unlocks', async () => {
    const account = `lock${run}`;
    const id = await t.addUser('100001', account, 'Right-pass1');
    for (let i = 0; i < 5; i++) expect(await said(signIn(account, `wrong${i}`))).toBe('用户名或密码错误');
    expect(await said(signIn(account, 'Right-pass1'))).toBe('登录错误次数过多,请稍后再试');
    // Another spelling of the same account counts as the same account.
    expect(await said(signIn(account.toUpperCase(), 'Right-pass1'))).toBe('登录错误次数过多,请稍后再试');
    const logged = await t.db.query<{ e: string }>(
      "select event_type e from blade_log_auth where account = $1 and event_type in ('lockout', 'login-fail') order by create_time",
      [account],
    );
    expect(logged.filter((l) => l.e === 'lockout')).toHaveLength(1);

    const caseworker = await t.as('caseworker', '100001');
    expect((await t.call(caseworker, { method: 'POST', url: `/api/blade-user/unlock?userIds=${id}` })).status).toBe(403);
    const foreign = await t.newTenant(`L${run}`.slice(0, 12));
    expect((await t.call(foreign, { method: 'POST', url: `/api/blade-user/unlock?userIds=${id}` })).status).toBe(404);
    expect(await said(signIn(account, 'Right-pass1'))).toBe('登录错误次数过多,请稍后再试');
    const unlocked = await t.call(tenantAdmin, { method: 'POST', url: `/api/blade-user/unlock?userIds=${id}` });
    expect(unlocked.status).toBe(200);
    expect(await said(signIn(account, 'Right-pass1'))).toBe('ok');
    const [log] = await t.db.query<{ n: number }>(
      "select count(*)::int n from blade_log_auth where account = $1 and event_type = 'unlock'",
      [account],
    );
    expect(log.n).toBe(1);
  });

  it('locks unknown accounts the same way (nothing tells them apart)', async () => {
    const ghost = `ghost${run}`;
    for (let i = 0; i < 5; i++) expect(await said(signIn(ghost, 'x'))).toBe('用户名或密码错误');
    expect(await said(signIn(ghost, 'x'))).toBe('登录错误次数过多,请稍后再试');
  });

  it('a success clears the count', async () => {
    const account = `clear${run}`;
    await t.addUser('100001', account, 'Right-pass1');
    for (let i = 0; i < 4; i++) await signIn(account, 'wrong');
    expect(await said(signIn(account, 'Right-pass1'))).toBe('ok');
    for (let i = 0; i < 4; i++) await signIn(account, 'wrong');
    expect(await said(signIn(account, 'Right-pass1'))).toBe('ok');
  });

  it('throttles an address that fails across many accounts', async () => {
    await setParam('account.ipFailCount', '3');
    try {
      const ip = '10.99.0.1';
      for (let i = 0; i < 3; i++) expect(await said(signIn(`spray${i}${run}`, 'x', ip))).toBe('用户名或密码错误');
      expect(await said(signIn('auditor', 'auditor', ip))).toBe('登录错误次数过多,请稍后再试');
      expect(await said(signIn('auditor', 'auditor', '10.99.0.2'))).toBe('ok');
    } finally {
      await setParam('account.ipFailCount', '20');
    }
  });
});

describe('uniform failure timing', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const timed = async (account: string) => {
    const start = process.hrtime.bigint();
    const text = await said(signIn(account, 'not-the-password'));
    expect(text).toBe('用户名或密码错误');
    return Number(process.hrtime.bigint() - start) / 1e6;
  };

  it('answers an unknown account and a wrong password in the same time (median of paired tries within 5 ms)', async () => {
    await setParam('account.failCount', '1000');
    const account = `timing${run}`;
    await t.addUser('100001', account, 'Right-pass1');
    try {
      await timed(account); // warm-up: the dummy hash and the statements are prepared
      await timed(`nobody${run}`);
      // Paired, interleaved tries cancel out the load of a shared machine; a real difference (no
      // password check for unknown accounts, a different query) would show in every round.
      let best = Number.POSITIVE_INFINITY;
      let typical = 0;
      for (let round = 0; round < 3 && best > 5; round++) {
        const diffs: number[] = [];
        const known: number[] = [];
        for (let i = 0; i < 11; i++) {
          const a = await timed(account);
          const b = await timed(`nobody${i}${run}`);
          known.push(a);
          diffs.push(b - a);
        }
        best = Math.min(best, Math.abs(median(diffs)));
        typical = median(known);
      }
      expect(best).toBeLessThan(5);
      // The comparison means something: every answer included an argon2id check.
      expect(typical).toBeGreaterThan(5);
    } finally {
      await setParam('account.failCount', '5');
    }
  });
});
