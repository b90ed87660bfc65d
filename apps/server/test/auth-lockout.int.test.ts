import { sms } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../src/core/caller.ts';
import { insert } from '../src/crud/repository.ts';
import { countCalls } from '../src/modules/auth/lockout.ts';
import { md5hex, passwordHashing } from '../src/modules/auth/passwords.ts';
import { smsProviders } from '../src/modules/sms/providers.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Sign-in throttling: per account and address (delays, captcha), per account (lock, unlock by an
// administrator or a phone code), per address; the same answer after the same work for an unknown
// account and a wrong password.
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

describe('sign-in throttling', () => {
  it('delays one account from one address after account.failCount failures, not the same account elsewhere', async () => {
    await setParam('account.captchaAfter', '100');
    try {
      const account = `pair${run}`;
      await t.addUser('100001', account, 'Right-pass1');
      const ip = '10.98.0.1';
      for (let i = 0; i < 5; i++) expect(await said(signIn(account, `wrong${i}`, ip))).toBe('用户名或密码错误');
      expect(await said(signIn(account, 'Right-pass1', ip))).toBe('登录错误次数过多,请稍后再试');
      // Another spelling of the same account from the same address waits too.
      expect(await said(signIn(account.toUpperCase(), 'Right-pass1', ip))).toBe('登录错误次数过多,请稍后再试');
      // Its owner elsewhere is not locked out by those tries.
      expect(await said(signIn(account, 'Right-pass1', '10.98.0.2'))).toBe('ok');
      // After the delay (one minute after the fifth failure, two after the sixth …) it may try again.
      await t.db.query("update blade_login_fail set last_time = now() - interval '61 seconds' where fail_key like $1", [
        `pair:100001:${account}:%`,
      ]);
      expect(await said(signIn(account, 'Right-pass1', ip))).toBe('ok');
    } finally {
      await setParam('account.captchaAfter', '3');
    }
  });

  it('asks one account from one address for a captcha after account.captchaAfter failures', async () => {
    const account = `cap${run}`;
    await t.addUser('100001', account, 'Right-pass1');
    const ip = '10.98.1.1';
    for (let i = 0; i < 3; i++) expect(await said(signIn(account, `wrong${i}`, ip))).toBe('用户名或密码错误');
    const asked = (await signIn(account, 'Right-pass1', ip)).json();
    expect(asked).toMatchObject({ error: 'captcha_required', error_description: '请输入验证码' });
    expect(await said(signIn(account, 'Right-pass1', '10.98.1.2'))).toBe('ok');
    const c = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: ip })).json();
    const [row] = await t.db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [c.key]);
    const withCaptcha = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { grant_type: 'password', username: account, password: md5hex('Right-pass1'), scope: 'all' },
        headers: { authorization: basic, 'tenant-id': '100001', 'captcha-key': c.key, 'captcha-code': code },
        remoteAddress: ip,
      });
    expect(await said(withCaptcha('nope'))).toBe('验证码不正确');
    const c2 = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: ip })).json();
    const [row2] = await t.db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [c2.key]);
    expect(row.code).toBeTruthy();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'password', username: account, password: md5hex('Right-pass1'), scope: 'all' },
      headers: { authorization: basic, 'tenant-id': '100001', 'captcha-key': c2.key, 'captcha-code': row2.code },
      remoteAddress: ip,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('locks the account only at account.lockCount failures from all addresses; an administrator unlocks', async () => {
    await setParam('account.lockCount', '8');
    try {
      const account = `lock${run}`;
      const id = await t.addUser('100001', account, 'Right-pass1');
      for (let i = 0; i < 8; i++) expect(await said(signIn(account, `wrong${i}`))).toBe('用户名或密码错误');
      expect(await said(signIn(account, 'Right-pass1'))).toBe('账号已锁定，请联系管理员解锁或通过手机验证码解锁');
      const logged = await t.db.query<{ e: string }>(
        "select event_type e from blade_log_auth where account = $1 and event_type = 'lockout'",
        [account],
      );
      expect(logged).toHaveLength(1);

      const caseworker = await t.as('caseworker', '100001');
      expect((await t.call(caseworker, { method: 'POST', url: `/api/blade-user/unlock?userIds=${id}` })).status).toBe(403);
      const foreign = await t.newTenant(`L${run}`.slice(0, 12));
      expect((await t.call(foreign, { method: 'POST', url: `/api/blade-user/unlock?userIds=${id}` })).status).toBe(404);
      expect(await said(signIn(account, 'Right-pass1'))).toBe('账号已锁定，请联系管理员解锁或通过手机验证码解锁');
      const unlocked = await t.call(tenantAdmin, { method: 'POST', url: `/api/blade-user/unlock?userIds=${id}` });
      expect(unlocked.status).toBe(200);
      expect(await said(signIn(account, 'Right-pass1'))).toBe('ok');
      const [log] = await t.db.query<{ n: number }>(
        "select count(*)::int n from blade_log_auth where account = $1 and event_type = 'unlock'",
        [account],
      );
      expect(log.n).toBe(1);

      // Unknown accounts lock the same way (nothing tells them apart).
      const ghost = `ghost${run}`;
      for (let i = 0; i < 8; i++) expect(await said(signIn(ghost, 'x'))).toBe('用户名或密码错误');
      expect(await said(signIn(ghost, 'x'))).toBe('账号已锁定，请联系管理员解锁或通过手机验证码解锁');
    } finally {
      await setParam('account.lockCount', '50');
    }
  });

  it('a locked user unlocks with a code sent to their phone (the SMS provider is a stand-in here)', async () => {
    const sent: Record<string, string>[] = [];
    const original = smsProviders[0];
    smsProviders[0] = async (_cfg, _phones, params) => {
      sent.push(params);
      return { ok: true, result: 'test' };
    };
    await setParam('account.lockCount', '3');
    try {
      const account = `phone${run}`;
      const id = await t.addUser('100001', account, 'Right-pass1');
      await t.db.query("update blade_user set phone = '13800000000' where id = $1", [id]);
      await insert(
        t.db,
        sms,
        { tz: 'UTC', caller: systemCaller('100001') },
        { smsCode: `unlock${run}`, category: 0, templateId: 't1', status: 2 },
        '100001',
      );
      for (let i = 0; i < 3; i++) await signIn(account, `wrong${i}`);
      expect(await said(signIn(account, 'Right-pass1'))).toBe('账号已锁定，请联系管理员解锁或通过手机验证码解锁');
      const send = (a: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/blade-auth/unlock/send-code',
          query: { tenantId: '100001', account: a },
          remoteAddress: nextIp(),
        });
      const answer = (await send(account)).json();
      expect(answer.msg).toBe('若账号存在且已绑定手机号，验证码已发送');
      expect((await send(`nobody${run}`)).json()).toEqual(answer);
      expect(sent).toHaveLength(1);
      const code = sent[0].code;
      expect(code).toMatch(/^\d{6}$/);
      const [rec] = await t.db.query<{ params: string }>(
        'select params from blade_sms_record where phones = $1 order by create_time desc limit 1',
        ['13800000000'],
      );
      expect(rec.params).not.toContain(code);
      const unlock = (c: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/blade-auth/unlock',
          query: { tenantId: '100001', account, code: c },
          remoteAddress: nextIp(),
        });
      expect((await unlock(code === '000000' ? '111111' : '000000')).json().msg).toBe('验证码不正确或已过期');
      // A wrong try uses the code up: a new one is needed.
      expect((await unlock(code)).statusCode).toBe(400);
      await send(account);
      expect((await unlock(sent[1].code)).json().msg).toBe('账号已解锁，请重新登录');
      expect(await said(signIn(account, 'Right-pass1'))).toBe('ok');
    } finally {
      smsProviders[0] = original;
      await setParam('account.lockCount', '50');
    }
  });

  it('a success clears the count', async () => {
    const account = `clear${run}`;
    await t.addUser('100001', account, 'Right-pass1');
    for (let i = 0; i < 2; i++) await signIn(account, 'wrong', '10.98.2.1');
    expect(await said(signIn(account, 'Right-pass1', '10.98.2.1'))).toBe('ok');
    for (let i = 0; i < 2; i++) await signIn(account, 'wrong', '10.98.2.1');
    expect(await said(signIn(account, 'Right-pass1', '10.98.2.1'))).toBe('ok');
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

describe('call counts in windows', () => {
  it('counts the calls of the window before too, so a burst across a window’s edge is not forgiven', async () => {
    const key = `edge-${Date.now()}`;
    const minutes = 5;
    const before = Math.floor(Date.now() / (minutes * 60_000)) - 1;
    // Four calls at the end of the previous window …
    await t.db.query("insert into blade_login_fail (fail_key, fail_count, last_time) values ($1, 4, now() - interval '1 minute')", [
      `${key}@${before}`,
    ]);
    // … and the first of this one: five in all.
    expect((await countCalls(t.db, [key], minutes)).get(key)).toBe(5);
    expect((await countCalls(t.db, [key], minutes)).get(key)).toBe(6);
    // Older windows are not counted.
    const other = `${key}-old`;
    await t.db.query('insert into blade_login_fail (fail_key, fail_count, last_time) values ($1, 9, now())', [`${other}@${before - 1}`]);
    expect((await countCalls(t.db, [other], minutes)).get(other)).toBe(1);
  });
});

describe('uniform failure work', () => {
  // The same argon2id work for both answers (a dummy hash stands in for the unknown account), so
  // the time taken says nothing about whether an account exists. Counted, not timed: timings on a
  // shared machine are noise.
  const work = async (account: string) => {
    const before = passwordHashing.count;
    expect(await said(signIn(account, 'not-the-password'))).toBe('用户名或密码错误');
    return passwordHashing.count - before;
  };

  it('answers an unknown account and a wrong password with the same text after the same password checks', async () => {
    await setParam('account.failCount', '1000');
    await setParam('account.lockCount', '1000');
    const account = `uniform${run}`;
    await t.addUser('100001', account, 'Right-pass1');
    try {
      await work(`nobody-warm${run}`); // the dummy hash is made once per process
      const known = await work(account);
      const unknown = await work(`nobody${run}`);
      expect(known).toBeGreaterThanOrEqual(1);
      expect(unknown).toBe(known);
    } finally {
      await setParam('account.failCount', '5');
      await setParam('account.lockCount', '50');
    }
  });
});
