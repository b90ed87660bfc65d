import { request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsListener } from '../src/modules/auth/tls-listener.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { type Ca, crlOf, type Issued, issue, newCa } from './helpers/certificates.ts';

// Digital-certificate sign-in: the test issues its own CA and client certificates, the tenant's
// administrator trusts the CA and binds a certificate to an account, and grant `certificate`
// signs in over real TLS (the app's own HTTPS listener asking for a client certificate) or with
// the certificate a trusted reverse proxy passes in its header.
let t: TestApp;
let admin: TestUser;
let other: TestUser;
let tls: Server;
let ca: Ca;
let good: Issued;
let basic: string;
const run = Date.now().toString(36).slice(-6);
let seq = 0;
const nextIp = () => `10.63.${(seq >> 8) & 255}.${(seq++ & 255) + 1}`;

type Answer = { status: number; body: Record<string, unknown> };

/** A call over TLS to the app's HTTPS listener, presenting `cert` (or none). */
function overTls(path: string, o: { cert?: Issued; tenantId?: string; ip?: string; method?: string } = {}): Promise<Answer> {
  const { port } = tls.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: o.method ?? 'POST',
        rejectUnauthorized: false, // the listener's own test certificate
        ...(o.cert ? { cert: o.cert.pem, key: o.cert.keyPem } : {}),
        headers: {
          authorization: basic,
          'tenant-id': o.tenantId ?? admin.tenantId,
          // The test app trusts X-Forwarded-For, so each call counts failures against its own address.
          'x-forwarded-for': o.ip ?? nextIp(),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const signIn = (cert?: Issued, o: { tenantId?: string; ip?: string } = {}) =>
  overTls('/api/blade-auth/oauth/token?grant_type=certificate', { cert, ...o });
const said = (a: Answer) => (a.status === 200 ? 'ok' : a.body.error_description);

/** Through the proxy header path: the request comes from `peer` carrying the URL-escaped PEM as nginx sends it. */
const viaProxy = (cert: Issued, peer: string, tenantId = admin.tenantId) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token?grant_type=certificate',
    headers: {
      authorization: basic,
      'tenant-id': tenantId,
      'x-ssl-client-cert': encodeURIComponent(cert.pem),
      'x-forwarded-for': nextIp(),
    },
    remoteAddress: peer,
  });

const submitCa = (u: TestUser, body: Record<string, unknown>) =>
  t.call(u, { method: 'POST', url: '/api/blade-system/cert-ca/submit', payload: { caName: `CA${run}`, enabled: 2, ...body } });
/** A revocation list uploaded as a file, as a CA publishes it. */
const uploadCrl = (u: TestUser, id: string, bytes: Buffer) => {
  const b = '----crl';
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="ca.crl"\r\nContent-Type: application/pkix-crl\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return t.call(u, {
    method: 'POST',
    url: `/api/blade-system/cert-ca/upload-crl?id=${id}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  });
};
const bind = (u: TestUser, body: Record<string, unknown>) =>
  t.call(u, { method: 'POST', url: '/api/blade-system/cert-binding/submit', payload: body });

beforeAll(async () => {
  t = await buildTestApp({ config: { certProxies: ['127.0.0.1'], trustProxy: true } });
  admin = await t.newTenant(`C${run}`);
  other = await t.newTenant(`D${run}`);
  await t.db.query(
    "insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity) values ($1, $2, 'cert-secret', 'certificate,refresh_token', 'all', 600, 1200)",
    [Date.now(), `cert${run}`],
  );
  basic = `Basic ${Buffer.from(`cert${run}:cert-secret`).toString('base64')}`;
  ca = await newCa(`政务测试CA${run}`);
  const server = await newCa('listener', { to: 86_400_000 });
  tls = await startTlsListener(t.app, { port: 0, host: '127.0.0.1', cert: server.pem, key: server.keyPem });
  good = await issue(ca, `CN=张三${run}, O=测试单位`);
  const made = await submitCa(admin, { certificate: ca.pem });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.data.subject).toBe(ca.cert.subject);
  const bound = await bind(admin, { account: 'admin', issuer: ca.cert.subject, serialNumber: good.cert.serialNumber.toUpperCase() });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
});
afterAll(async () => {
  tls?.closeAllConnections();
  tls?.close();
  await t?.close();
});

describe('digital-certificate sign-in over TLS', () => {
  it('signs in the account the certificate is bound to, and logs the method', async () => {
    const res = await signIn(good);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ account: 'admin', tenant_id: admin.tenantId, client_id: `cert${run}` });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/blade-user/info',
      headers: { 'blade-auth': `bearer ${res.body.access_token}` },
    });
    expect(me.json().data.id).toBe(admin.userId);
    const logged = await t.db.query<{ n: number }>(
      "select count(*)::int as n from blade_log_auth where event_type = 'login' and message = '数字证书登录' and tenant_id = $1",
      [admin.tenantId],
    );
    expect(logged[0].n).toBeGreaterThan(0);
  });

  it('asks for a certificate but does not require one: other calls work, the grant says what is missing', async () => {
    const config = await overTls('/api/civdesk/web-config', { method: 'GET' });
    expect(config.status).toBe(200);
    const res = await signIn(undefined);
    expect(res.status).toBe(400);
    expect(said(res)).toBe('未提供客户端证书，请插入证书介质后重试');
  });

  it('refuses untrusted, expired, not yet valid and unbound certificates with their reasons', async () => {
    const stranger = await newCa(`外来CA${run}`);
    expect(said(await signIn(await issue(stranger, `CN=李四${run}`)))).toBe('证书不受信任');
    // The same subject as the trusted CA's, signed by another key: still untrusted.
    const forger = await newCa(`政务测试CA${run}`);
    expect(said(await signIn(await issue(forger, `CN=张三${run}, O=测试单位`)))).toBe('证书不受信任');
    expect(said(await signIn(await issue(ca, `CN=过期${run}`, { from: -10 * 86_400_000, to: -86_400_000 })))).toBe('证书已过期');
    expect(said(await signIn(await issue(ca, `CN=未生效${run}`, { from: 86_400_000, to: 10 * 86_400_000 })))).toBe('证书尚未生效');
    expect(said(await signIn(await issue(ca, `CN=王五${run}`)))).toBe('证书未绑定账号');
    const fails = await t.db.query<{ message: string }>(
      "select message from blade_log_auth where event_type = 'login-fail' and tenant_id = $1 and message like '数字证书登录:%'",
      [admin.tenantId],
    );
    expect(fails.map((f) => f.message)).toEqual(
      expect.arrayContaining(['数字证书登录: 证书不受信任', '数字证书登录: 证书已过期', '数字证书登录: 证书未绑定账号']),
    );
  });

  it('refuses a certificate on the CA’s revocation list (uploaded as DER), and signs in again once it is off', async () => {
    const revoked = await issue(ca, `CN=吊销${run}`);
    expect((await bind(admin, { account: 'admin', issuer: ca.cert.subject, subject: revoked.cert.subject })).status).toBe(200);
    expect(said(await signIn(revoked))).toBe('ok');
    const [row] = await t.db.query<{ id: string }>('select id::text from blade_cert_ca where tenant_id = $1 and is_deleted = 0', [
      admin.tenantId,
    ]);
    const der = (await crlOf(ca, [revoked.cert])).toString('base64');
    const saved = await submitCa(admin, { id: row.id, certificate: ca.pem, crl: der });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.crlUpdate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(said(await signIn(revoked))).toBe('证书已被吊销');
    expect(said(await signIn(good))).toBe('ok');
    expect((await submitCa(admin, { id: row.id, certificate: ca.pem, crl: '' })).status).toBe(200);
    expect(said(await signIn(revoked))).toBe('ok');
  });

  it('takes a revocation list uploaded as a DER file', async () => {
    const revoked = await issue(ca, `CN=文件吊销${run}`);
    expect((await bind(admin, { account: 'admin', issuer: ca.cert.subject, subject: revoked.cert.subject })).status).toBe(200);
    const [row] = await t.db.query<{ id: string }>('select id::text from blade_cert_ca where tenant_id = $1 and is_deleted = 0', [
      admin.tenantId,
    ]);
    const up = await uploadCrl(admin, row.id, await crlOf(ca, [revoked.cert]));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(said(await signIn(revoked))).toBe('证书已被吊销');
    const stranger = await newCa(`上传他人CA${run}`);
    const foreign = await uploadCrl(admin, row.id, await crlOf(stranger, [revoked.cert]));
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('证书吊销列表不是该CA签发的');
    expect((await uploadCrl(other, row.id, await crlOf(ca, []))).status).toBe(404);
    expect((await uploadCrl(admin, row.id, await crlOf(ca, []))).status).toBe(200);
    expect(said(await signIn(revoked))).toBe('ok');
  });

  it('refuses a certificate for another tenant', async () => {
    // The other tenant trusts nothing yet: untrusted there.
    expect(said(await signIn(good, { tenantId: other.tenantId }))).toBe('证书不受信任');
    // Trusting the same CA does not carry the first tenant's bindings over.
    expect((await submitCa(other, { certificate: ca.pem })).status).toBe(200);
    expect(said(await signIn(good, { tenantId: other.tenantId }))).toBe('证书未绑定账号');
    // Nor is the first tenant's CA list visible to the other's administrator.
    const listed = await t.call(other, { method: 'GET', url: '/api/blade-system/cert-ca/page?size=50' });
    expect(listed.body.data.records).toHaveLength(1);
  });

  it('applies the address throttle like every method', async () => {
    const ip = nextIp();
    const stranger = await newCa(`节流CA${run}`);
    const bad = await issue(stranger, `CN=节流${run}`);
    const n = await t.app.ctx.params.int('account.ipFailCount');
    for (let i = 0; i < n; i++) await signIn(bad, { ip });
    expect(said(await signIn(good, { ip }))).toBe('登录错误次数过多,请稍后再试');
    expect(said(await signIn(good))).toBe('ok');
  });

  it('applies the initial-password rule', async () => {
    await t.db.query('update blade_user set init_password = 1 where id = $1', [admin.userId]);
    try {
      const res = await signIn(good);
      expect(res.status).toBe(200);
      expect(res.body.init_password).toBe(true);
    } finally {
      await t.db.query('update blade_user set init_password = 0 where id = $1', [admin.userId]);
    }
  });
});

describe('certificate from a trusted reverse proxy', () => {
  it('believes the header only from a TRUST_PROXY address', async () => {
    const trusted = await viaProxy(good, '127.0.0.1');
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json().account).toBe('admin');
    const untrusted = await viaProxy(good, '10.20.30.40');
    expect(untrusted.statusCode).toBe(400);
    expect(untrusted.json().error_description).toBe('证书请求头不是来自受信任的代理');
  });
});

describe('administering CAs and bindings', () => {
  it('refuses a CA that is not a certificate and a revocation list of another CA', async () => {
    const bad = await submitCa(admin, { caName: `坏${run}`, certificate: 'not a certificate' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('CA证书格式不正确，请粘贴PEM格式的证书');
    const stranger = await newCa(`他人CA${run}`);
    const foreign = await submitCa(admin, { caName: `坏${run}`, certificate: ca.pem, crl: (await crlOf(stranger, [])).toString('base64') });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('证书吊销列表不是该CA签发的');
    const garbage = await submitCa(admin, { caName: `坏${run}`, certificate: ca.pem, crl: '@@@' });
    expect(garbage.body.msg).toBe('证书吊销列表格式不正确，请上传PEM或DER格式的CRL');
  });

  it('refuses a binding naming neither serial number nor subject', async () => {
    const res = await bind(admin, { account: 'admin', issuer: ca.cert.subject });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请填写证书序列号或证书主题');
  });
});
