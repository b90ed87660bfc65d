import { registry } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceAt } from '../src/plugins/route-owners.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
});
afterAll(() => t?.close());

describe('every route has one home and declares its input', () => {
  it('a route under a resource’s API path is registered by that resource; every other by a module or a resource', () => {
    const misplaced = t.app.routeGuards.flatMap((r) => {
      const home = resourceAt(registry, r.url);
      if (!r.owner) return [`${r.method} ${r.url}: no owner`];
      if (home && !('resource' in r.owner && r.owner.resource === home.name)) return [`${r.method} ${r.url}: ${JSON.stringify(r.owner)}`];
      return [];
    });
    expect(misplaced).toEqual([]);
    // The calls that used to live elsewhere are now their resources' own.
    const ownerOf = (url: string) => t.app.routeGuards.find((r) => r.url === url)?.owner;
    expect(ownerOf('/api/blade-user/update-password')).toEqual({ resource: 'user' });
    expect(ownerOf('/api/blade-user/b/operLog/auditPass')).toEqual({ resource: 'user-oper-log' });
    expect(ownerOf('/api/blade-system/menu/routes')).toEqual({ resource: 'menu' });
    expect(ownerOf('/api/blade-resource/oss/endpoint/put-file')).toEqual({ resource: 'oss' });
    expect(ownerOf('/api/blade-auth/oauth/token')).toEqual({ module: 'auth' });
  });

  it('every route declares its input, and the OpenAPI document shows the hand-written routes’ schemas', async () => {
    expect(t.app.routeGuards.filter((r) => !r.input).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const doc = (await t.call(null, { method: 'GET', url: '/api/docs/json' })).body;
    const grant = doc.paths['/api/blade-user/grant'].post;
    expect(Object.keys(grant.requestBody.content['application/json'].schema.properties)).toEqual(['userIds', 'roleIds']);
    const routes = doc.paths['/api/blade-system/menu/routes'].get;
    expect(routes.parameters.map((p: { name: string }) => p.name)).toContain('topMenuId');
  });

  it('every route declares its answer, and the document shows redirects as 302', async () => {
    // The answer (the envelope's data, its own shape, a file, or a redirect) is what the OpenAPI
    // document shows and every server test's answers are checked against.
    expect(t.app.routeGuards.filter((r) => !r.answer).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const doc = (await t.call(null, { method: 'GET', url: '/api/docs/json' })).body;
    const authorize = doc.paths['/api/blade-auth/oauth/authorize'];
    expect(Object.keys(authorize.get.responses)).toContain('302');
    expect(Object.keys(authorize.get.responses)).not.toContain('200');
    type Json = { required?: string[]; properties: Record<string, Json> };
    const json = (op: { responses: Record<string, { content: Record<string, { schema: Json }> }> }) =>
      op.responses['200'].content['application/json'].schema;
    expect(json(authorize.post).properties.data.required).toEqual(['code', 'redirect', 'expiresIn']);
    expect(json(doc.paths['/api/blade-auth/oauth/logout'].get).required).toEqual(['success', 'msg']);
  });

  it('a hand-written route refuses bad input with a 400 naming the field, as the engine does', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/api/blade-user/detail?id=abc' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      success: false,
      msg: 'id 应为编号',
      data: { errors: [{ field: 'id', message: 'id 应为编号' }] },
    });
    // A parameter may come in the query string or the body; the query string's value wins.
    const both = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-user/changeStatus?status=2',
      payload: { status: '1', userIds: admin.userId },
    });
    expect(both.body.msg).toBe('状态只能是 1（正常）或 0（停用）');
  });
});
