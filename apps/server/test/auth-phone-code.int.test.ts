import { sms } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../src/core/caller.ts';
import { insert } from '../src/crud/repository.ts';
import { smsProviders } from '../src/modules/sms/providers.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

// Sign-in by a code sent to the phone of an account (grant sms_code). The tenant's SMS provider
// is replaced by a recorder here (the gateway is the outside world); the development "log"
// provider is exercised by the browser test, which reads the server's log.
let t: TestApp;
let basic: string;
const run = Date.now().toString(36).slice(-6);
let seq = 0;
const nextIp = () => `10.61.${(seq >> 8) & 255}.${(seq++ & 255) + 1}`;
let phoneSeq = 0;
const nextPhone = () => `139${run.replace(/\D/g, '').padEnd(4, '7').slice(0, 4)}${String(phoneSeq++).padStart(4, '0')}`;
const sent: { phones: string[]; code: string }[] = [];
const original = smsProviders[0];

const send = (phone: string, ip = nextIp(), tenantId = '100001') =>
  t.app.inject({ method: 'POST', url: '/api/blade-auth/phone-code/send', query: { tenantId, phone }, remoteAddress: ip });
const grant = (phone: string, code: string, o: { ip?: string; tenantId?: string; auth?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { grant_type: 'sms_code', phone, code, scope: 'all' },
    headers: { authorization: o.auth ?? basic, 'tenant-id': o.tenantId ?? '100001' },
    remoteAddress: o.ip ?? nextIp(),
  });
const said = async (res: Promise<{ json(): { error_description?: string } }>) => (await res).json().error_description ?? 'ok';

/** The code the provider was last handed for a phone (it goes out after the answer). */
async function codeFor(phone: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = sent.findLast((s) => s.phones.includes(phone));
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code was sent to ${phone}`);
}

async function userWithPhone(account: string, phone: string, tenantId = '100001') {
  const id = await t.addUser(tenantId, account, 'Right-pass1');
  await t.db.query('update blade_user set phone = $1 where id = $2', [phone, id]);
  return id;
}

async function setParam(key: string, value: string) {
  await t.db.query('update blade_param set param_value = $2 where param_key = $1', [key, value]);
  t.app.ctx.params.forget();
}

beforeAll(async () => {
  t = await buildTestApp();
  // A client of this file's own: the web client's row stays as the seed made it.
  await t.db.query(
    "insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity) values ($1, $2, 'ph-secret', 'refresh_token,sms_code', 'all', 600, 1200)",
    [Date.now() + 7, `phone${run}`],
  );
  basic = `Basic ${Buffer.from(`phone${run}:ph-secret`).toString('base64')}`;
  smsProviders[0] = async (_cfg, phones, params) => {
    sent.push({ phones, code: params.code });
    return { ok: true, result: 'test' };
  };
  await t.db.query("update blade_sms set status = 1 where tenant_id = '100001'");
  await insert(
    t.db,
    sms,
    { tz: 'UTC', caller: systemCaller('100001') },
    { smsCode: `login${run}`, category: 0, templateId: 't1', status: 2 },
    '100001',
  );
});
afterAll(async () => {
  smsProviders[0] = original;
  await t?.close();
});

describe('phone code sign-in', () => {
  it('signs in with the code sent to the phone, once; the log names the method; the code is kept hashed', async () => {
    const phone = nextPhone();
    const account = `ph${run}`;
    await userWithPhone(account, phone);
    const res = await send(phone);
    expect(res.statusCode).toBe(200);
    const code = await codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.db.query<{ code: string }>("select code from blade_captcha where captcha_key like 'phone:%'");
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((r) => r.code.includes(code))).toBe(false);
    // The record is written after the provider has sent.
    let rec: { params: string } | undefined;
    for (let i = 0; i < 100 && !rec; i++) {
      [rec] = await t.db.query<{ params: string }>('select params from blade_sms_record where phones = $1', [phone]);
      if (!rec) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rec?.params).not.toContain(code);
    const ok = (await grant(phone, code)).json();
    expect(ok.account).toBe(account);
    expect(typeof ok.access_token).toBe('string');
    expect(await said(grant(phone, code))).toBe('验证码不正确或已过期');
    const logged = await t.db.query<{ result: string; message: string }>(
      "select result, message from blade_log_auth where account = $1 and event_type = 'login'",
      [account],
    );
    expect(logged).toEqual([{ result: 'success', message: '手机验证码登录' }]);
  });

  it('answers the same whether or not the phone has an account, and sends only to one that has', async () => {
    const known = nextPhone();
    await userWithPhone(`pk${run}`, known);
    const unknown = nextPhone();
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const phone of [known, unknown]) {
        const res = await send(phone);
        expect(res.statusCode).toBe(200);
        bodies.add(res.body);
      }
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]).msg).toBe('若该手机号已绑定账号, 验证码已发送');
    await codeFor(known);
    await new Promise((r) => setTimeout(r, 100));
    expect(sent.some((s) => s.phones.includes(unknown))).toBe(false);
    // A guessed code for a phone without an account signs nobody in.
    expect(await said(grant(unknown, '123456'))).toBe('验证码不正确或已过期');
  });

  it('refuses a wrong, an expired and a much-guessed code; wrong codes count against the address', async () => {
    const phone = nextPhone();
    await userWithPhone(`pw${run}`, phone);
    await send(phone);
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const ip = nextIp();
    expect(await said(grant(phone, wrong, { ip }))).toBe('验证码不正确或已过期');
    const [fails] = await t.db.query<{ n: number }>('select fail_count as n from blade_login_fail where fail_key = $1', [`ip:${ip}`]);
    expect(fails.n).toBe(1);
    for (let i = 0; i < 4; i++) await grant(phone, wrong);
    // The sixth try in the window: the code is forgotten, even the right one no longer works.
    expect(await said(grant(phone, code))).toBe('验证码错误次数过多,请重新获取');
    expect((await t.db.query("select 1 from blade_captcha where captcha_key like 'phone:%' and code = $1", [code])).length).toBe(0);

    const other = nextPhone();
    await userWithPhone(`pe${run}`, other);
    await send(other);
    const late = await codeFor(other);
    await t.db.query("update blade_captcha set expire_time = now() - interval '1 second' where captcha_key like 'phone:%'");
    expect(await said(grant(other, late))).toBe('验证码不正确或已过期');
  });

  it('limits codes per phone and per address', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++) expect((await send(phone)).statusCode).toBe(200);
    const limited = await send(phone);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toBe('请求过于频繁，请稍后再试');
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await send(nextPhone(), ip)).statusCode).toBe(200);
    expect((await send(nextPhone(), ip)).statusCode).toBe(429);
    expect((await send('12345', nextIp())).json().msg).toBe('请输入正确的手机号码');
  });

  it('holds to the client, the tenant, the account state, the lock and the initial password', async () => {
    const phone = nextPhone();
    const account = `pr${run}`;
    const id = await userWithPhone(account, phone);
    const fresh = async () => {
      // Each step asks for a new code: the per-phone limit is not what this test is about.
      await t.db.query("delete from blade_login_fail where fail_key like 'phone-code:to:%'");
      await send(phone);
      const code = await codeFor(phone);
      sent.length = 0;
      return code;
    };
    // A client that does not list the grant.
    await t.db.query(
      "insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity) values ($1, $2, 'pw-secret', 'refresh_token,password', 'all', 600, 1200)",
      [Date.now(), `nophone${run}`],
    );
    const noPhone = `Basic ${Buffer.from(`nophone${run}:pw-secret`).toString('base64')}`;
    expect((await grant(phone, await fresh(), { auth: noPhone })).json().error).toBe('unauthorized_client');
    // The code of tenant 100001's phone does not sign in to another tenant.
    const other = await t.newTenant(`p${run.slice(-5)}`);
    expect(await said(grant(phone, await fresh(), { tenantId: other.tenantId }))).toBe('验证码不正确或已过期');
    await t.db.query('update blade_user set status = 0 where id = $1', [id]);
    expect(await said(grant(phone, await fresh()))).toBe('用户已被禁用，请联系管理员');
    await t.db.query('update blade_user set status = 1, init_password = 1 where id = $1', [id]);
    expect((await grant(phone, await fresh())).json().init_password).toBe(true);
    await setParam('account.lockCount', '2');
    try {
      await t.db.query(
        'insert into blade_login_fail (fail_key, fail_count, last_time) values ($1, 2, now()) on conflict (fail_key) do update set fail_count = 2',
        [`acct:100001:${account}`],
      );
      expect(await said(grant(phone, await fresh()))).toBe('账号已锁定，请联系管理员解锁或通过手机验证码解锁');
    } finally {
      await setParam('account.lockCount', '50');
    }
  });
});
