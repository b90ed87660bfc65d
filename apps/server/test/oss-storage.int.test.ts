import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { closedPort, startS3 } from './helpers/s3-server.ts';

const BASE = '/api/blade-resource/oss';
const BUCKET = 'civdesk-files';
const ACCESS_KEY = 'civdesk-access';
const SECRET = 'civdesk-secret-7f3a9c';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n% civdesk test\n');

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let dataDir: string;
let s3: Awaited<ReturnType<typeof startS3>>;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3({ bucket: BUCKET, accessKey: ACCESS_KEY, secretKey: SECRET });
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
  });
  // The SDK addresses a bucket as `/bucket/`, the double signs `/bucket`: list without the slash.
  bucket.middlewareStack.add(
    (next) => (args) => {
      const req = args.request as { path?: string };
      if (req.path && /^\/[^/]+\/$/.test(req.path)) req.path = req.path.slice(0, -1);
      return next(args);
    },
    { step: 'build' },
  );
  dataDir = mkdtempSync(join(tmpdir(), 'civdesk-oss-'));
  t = await buildTestApp({ config: { dataDir } });
  // Tenants of their own: enabling a setting must not redirect other suites' uploads.
  const suffix = Date.now().toString(36).slice(-5);
  admin = await t.newTenant(`S${suffix}`);
  other = await t.newTenant(`T${suffix}`);
});
afterAll(async () => {
  bucket?.destroy();
  await t?.close();
  await s3?.close();
});

function upload(u: TestUser, attach: boolean, name: string, content: Buffer) {
  const boundary = '----civdesk-oss';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = `${BASE}/endpoint/${attach ? 'put-file-attach' : 'put-file'}`;
  return t.call(u, { method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
const download = (u: TestUser, link: string) => t.app.inject({ method: 'GET', url: link, headers: { 'blade-auth': `bearer ${u.token}` } });
const localFiles = (u: TestUser): string[] => {
  const dir = join(dataDir, 'files', u.tenantId);
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
};
const bucketKeys = async (u: TestUser) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${u.tenantId}/` }))).Contents ?? []).map((o) => o.Key);

async function addSetting(values: Record<string, unknown>): Promise<string> {
  const res = await t.call(admin, { method: 'POST', url: `${BASE}/submit`, payload: values });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}
async function enable(id: string) {
  expect((await t.call(admin, { method: 'POST', url: `${BASE}/enable?id=${id}` })).status).toBe(200);
}
const s3Setting = (code: string, over: Record<string, unknown> = {}) => ({
  category: 1,
  ossCode: code,
  endpoint: s3.endpoint,
  accessKey: ACCESS_KEY,
  secretKey: SECRET,
  bucketName: BUCKET,
  region: 'us-east-1',
  ...over,
});

describe('object storage behind uploads', () => {
  let s3Link: string;
  let s3Id: string;

  it('keeps uploads in the data folder while no setting is enabled', async () => {
    const res = await upload(admin, false, '头像.png', PNG);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { name, link } = res.body.data;
    expect(link).toBe(`${BASE}/endpoint/file/${name}`);
    expect(readFileSync(join(dataDir, 'files', name)).equals(PNG)).toBe(true);
    const back = await download(admin, link);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PNG)).toBe(true);
    expect(await bucketKeys(admin)).toEqual([]);
  });

  it('sends uploads to the enabled S3 setting and serves them back from the bucket', async () => {
    s3Id = await addSetting(s3Setting('minio'));
    await enable(s3Id);
    const before = localFiles(admin);
    const res = await upload(admin, true, '报告.pdf', PDF);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { name, link, originalName } = res.body.data;
    expect(originalName).toBe('报告.pdf');
    expect(name).toMatch(new RegExp(`^${admin.tenantId}/\\d{8}/[0-9a-f]{32}\\.pdf$`));
    expect(link).toBe(`${BASE}/endpoint/file/${name}?oss=${s3Id}`);
    s3Link = link;
    // In the bucket, under the same key, with its type; not in the data folder.
    expect(await bucketKeys(admin)).toEqual([name]);
    const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: name }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PDF)).toBe(true);
    expect(object.ContentType).toBe('application/pdf');
    expect(localFiles(admin)).toEqual(before);
    // The answered link is served by this server from the bucket, to the same tenant only.
    const back = await download(admin, link);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.rawPayload.equals(PDF)).toBe(true);
    expect((await download(other, link)).statusCode).toBe(404);
    expect((await download(admin, link.replace(/\?oss=.*/, ''))).statusCode).toBe(404);
    expect((await download(admin, `${link}0`)).statusCode).toBe(404);
  });

  it('goes back to the data folder when another setting is enabled; bucket files stay readable', async () => {
    await enable(await addSetting({ category: 0, ossCode: 'local' }));
    const keys = await bucketKeys(admin);
    const res = await upload(admin, false, 'b.png', PNG);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.link).toBe(`${BASE}/endpoint/file/${res.body.data.name}`);
    expect(readFileSync(join(dataDir, 'files', res.body.data.name)).equals(PNG)).toBe(true);
    expect(await bucketKeys(admin)).toEqual(keys);
    const old = await download(admin, s3Link);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(PDF)).toBe(true);
  });

  it('answers a clear message when the store is unreachable or refuses, and keeps nothing', async () => {
    const snapshot = () =>
      t.db.query('select id::text, oss_code, status, is_deleted from blade_oss where tenant_id = $1 order by id', [admin.tenantId]);
    const cases = [
      { code: 'down', over: { endpoint: `http://127.0.0.1:${await closedPort()}` }, status: 503, msg: '文件上传失败: 对象存储不可用' },
      {
        code: 'wrong-key',
        over: { secretKey: 'not-the-secret' },
        status: 502,
        msg: '文件上传失败: 对象存储拒绝了请求(SignatureDoesNotMatch)',
      },
      { code: 'no-bucket', over: { bucketName: 'missing-bucket' }, status: 502, msg: '文件上传失败: 对象存储拒绝了请求(NoSuchBucket)' },
      // A host off the allow-list is never contacted (this one would only time out).
      {
        code: 'elsewhere',
        over: { endpoint: 'http://10.255.255.1:9000' },
        status: 403,
        msg: '文件上传失败: 对象存储主机 10.255.255.1 不在允许列表中(参数 oss.allowedHosts)',
      },
    ];
    for (const c of cases) {
      await enable(await addSetting(s3Setting(c.code, c.over)));
      const rows = await snapshot();
      const files = localFiles(admin);
      const keys = await bucketKeys(admin);
      const res = await upload(admin, false, 'c.png', PNG);
      expect(res.status, c.code).toBe(c.status);
      expect(res.body, c.code).toEqual({ code: c.status, success: false, data: null, msg: c.msg });
      expect(await snapshot()).toEqual(rows);
      expect(localFiles(admin)).toEqual(files);
      expect(await bucketKeys(admin)).toEqual(keys);
    }
    // A file of an unreachable setting cannot be read either, and says why.
    const down = (await snapshot()).find((r) => r.oss_code === 'down') as { id: string };
    const read = await download(admin, s3Link.replace(/oss=\d+/, `oss=${down.id}`));
    expect(read.statusCode).toBe(503);
    expect(read.json().msg).toBe('文件读取失败: 对象存储不可用');
  });

  it('never answers the secret key, and stores it encrypted', async () => {
    const detail = await t.call(admin, { method: 'GET', url: `${BASE}/detail?id=${s3Id}` });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ ossCode: 'minio', accessKey: ACCESS_KEY, bucketName: BUCKET });
    const list = await t.call(admin, { method: 'GET', url: `${BASE}/list?current=1&size=100` });
    expect(list.status).toBe(200);
    expect(list.body.data.records.length).toBeGreaterThanOrEqual(2);
    for (const answer of [detail.body, list.body]) {
      expect(JSON.stringify(answer)).not.toContain(SECRET);
      expect(JSON.stringify(answer)).not.toContain('secretKey');
    }
    const [row] = await t.db.query<{ secret: string }>('select secret_key secret from blade_oss where id = $1', [s3Id]);
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(SECRET);
  });
});
