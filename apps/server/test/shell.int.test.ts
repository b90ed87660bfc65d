import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRelatedSite } from '../src/modules/site/site.routes.ts';
import { appVersion } from '../src/modules/upgrade/versions.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let tenantA: TestUser;
let platform: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'civdesk-files-')) } });
  tenantA = await t.as('admin', '100001');
  platform = await t.as('admin', '000000');
  other = await t.newTenant('200777');
});
afterAll(() => t?.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function upload(u: TestUser | null, url: string, name: string, content: Buffer) {
  const boundary = '----civdesk-shell';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call(u, { method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

describe('file upload', () => {
  it('stores an image under a server-made name and serves it back to the same tenant', async () => {
    const res = await upload(tenantA, '/api/blade-resource/oss/endpoint/put-file', '头像.png', PNG);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.originalName).toBe('头像.png');
    expect(d.name).toMatch(/^100001\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(d.link).toBe(`/api/blade-resource/oss/endpoint/file/${d.name}`);
    const back = await t.app.inject({ method: 'GET', url: d.link, headers: { 'blade-auth': `bearer ${tenantA.token}` } });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    // Another tenant, or nobody, cannot read it; the platform administrator can.
    expect((await t.call(other, { method: 'GET', url: d.link })).status).toBe(404);
    expect((await t.call(null, { method: 'GET', url: d.link })).status).toBe(401);
    expect((await t.call(platform, { method: 'GET', url: d.link })).status).toBe(200);
  });

  it('checks the type by name and by content, and needs a sign-in', async () => {
    const wrongExt = await upload(tenantA, '/api/blade-resource/oss/endpoint/put-file', 'a.exe', PNG);
    expect(wrongExt.status).toBe(400);
    expect(wrongExt.body.msg).toBe('上传图片只能是 JPG/PNG/GIF/BMP/WebP/SVG 格式!');
    const fake = await upload(tenantA, '/api/blade-resource/oss/endpoint/put-file', 'a.png', Buffer.from('not an image'));
    expect(fake.status).toBe(400);
    expect((await upload(null, '/api/blade-resource/oss/endpoint/put-file', 'a.png', PNG)).status).toBe(401);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(tenantA, '/api/blade-resource/oss/endpoint/put-file', 'a.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('文件不能超过10MB');
  });

  it('takes attachments (documents too) and answers originalName, link and attachId', async () => {
    const res = await upload(tenantA, '/api/blade-resource/oss/endpoint/put-file-attach', '说明.txt', Buffer.from('hello'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ originalName: '说明.txt', attachId: res.body.data.name });
    const back = await t.app.inject({ method: 'GET', url: res.body.data.link, headers: { 'blade-auth': `bearer ${tenantA.token}` } });
    expect(back.headers['content-disposition']).toMatch(/^attachment/);
    expect((await upload(tenantA, '/api/blade-resource/oss/endpoint/put-file-attach', 'x.pdf', Buffer.from('nope'))).status).toBe(400);
    expect((await t.call(tenantA, { method: 'GET', url: '/api/blade-resource/oss/endpoint/file/100001/20260101/../../x' })).status).toBe(
      404,
    );
  });
});

describe('version check', () => {
  it('answers the server version, must false unless the parameter says so', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/blade-upgrade/upgrade/check' });
    expect(res.body.data).toEqual({ version: appVersion, must: false });
    await t.db.query(
      "insert into blade_param (id, param_name, param_key, param_value, is_deleted) values (987654321, '强制更新', 'upgrade.must', 'true', 0)",
    );
    t.app.ctx.params.forget(); // parameters are cached for a second per server copy
    expect((await t.call(null, { method: 'GET', url: '/api/blade-upgrade/upgrade/check' })).body.data.must).toBe(true);
    await t.db.query('delete from blade_param where id = 987654321');
  });
});

describe('related sites', () => {
  it('lists DW_RELATED_SITE parameters as name and url', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/civdesk/related-sites' });
    expect(res.body.data).toContainEqual({ key: 'DW_RELATED_SITE_MCA', name: '民政部', url: 'https://www.mca.gov.cn' });
  });
  it('skips values not in the form name{url} or not http(s)', () => {
    expect(parseRelatedSite('k', '教育部{https://www.moe.gov.cn}')).toEqual({ key: 'k', name: '教育部', url: 'https://www.moe.gov.cn' });
    expect(parseRelatedSite('k', 'no braces')).toBeNull();
    expect(parseRelatedSite('k', 'x{javascript:alert(1)}')).toBeNull();
  });
});

describe('AI assistant', () => {
  const ask = (query: string, u: TestUser | null = tenantA) =>
    t.call(u, {
      method: 'POST',
      url: '/api/dw-widgets/assistant/ask',
      payload: `query=${encodeURIComponent(query)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('recognises the commands in Chinese and English', async () => {
    for (const q of ['我想修改密码', '怎么改一下我的密码?', 'How do I change my password?', 'reset my password']) {
      expect((await ask(q)).body.data.command, q).toBe('update_passwd');
    }
    for (const q of ['打开系统字典', '查看数据字典', 'open the system dictionary', 'manage dictionaries']) {
      expect((await ask(q)).body.data.command, q).toBe('open_sysdict');
    }
    const loc = await ask('定位到天安门');
    expect(loc.body.data).toMatchObject({ command: 'get_location_point', open_url: expect.stringContaining(encodeURIComponent('天安门')) });
    const en = await ask('Where is Shanghai Tower?');
    expect(en.body.data.command).toBe('get_location_point');
    expect(en.body.data.open_url).toContain('Shanghai');
  });

  it('answers other questions from the help text, in the language asked', async () => {
    const zh = await ask('怎么锁屏?');
    expect(zh.body.data).toMatchObject({ source: 'help' });
    expect(zh.body.data.command).toBeUndefined();
    expect(zh.body.data.content).toContain('锁屏密码');
    const en = await ask('how can I switch the theme');
    expect(en.body.data.content).toMatch(/theme/i);
  });

  it('refuses an empty question and callers who are not signed in', async () => {
    const empty = await ask('   ');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入您的问题或需求！');
    expect((await ask('hello', null)).status).toBe(401);
  });

  it('uses an OpenAI-compatible endpoint when one is configured', async () => {
    let seen: { model?: string; messages?: { role: string; content: string }[] } = {};
    const server: Server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        seen = JSON.parse(raw);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { content: '来自模型的回答' } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    process.env.AI_BASE_URL = `http://127.0.0.1:${port}/v1`;
    process.env.AI_MODEL = 'test-model';
    try {
      const res = await ask('今天适合做什么?');
      expect(res.body.data).toMatchObject({ source: 'model', content: '来自模型的回答' });
      expect(seen.model).toBe('test-model');
      expect(seen.messages?.at(-1)).toEqual({ role: 'user', content: '今天适合做什么?' });
      // Commands are still recognised without asking the model.
      expect((await ask('修改密码')).body.data.source).toBe('intent');
    } finally {
      delete process.env.AI_BASE_URL;
      delete process.env.AI_MODEL;
      server.close();
    }
  });
});
