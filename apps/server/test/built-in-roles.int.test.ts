import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The built-in roles' grants as docs/roles.md writes them down.
let t: TestApp;
const who: Record<'admin' | 'caseworker' | 'auditor', TestUser> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  for (const alias of ['admin', 'caseworker', 'auditor'] as const) who[alias] = await t.as(alias, '100001');
});
afterAll(() => t?.close());

async function codesOf(u: TestUser): Promise<string[]> {
  const res = await t.call(u, { method: 'GET', url: '/api/blade-system/menu/buttons' });
  const walk = (nodes: { code?: string; children?: unknown[] }[]): string[] =>
    nodes.flatMap((n) => [...(n.code ? [n.code] : []), ...walk((n.children ?? []) as typeof nodes)]);
  return walk(res.body.data);
}

describe('built-in roles', () => {
  it('case workers read the organisation and reference data only: no audit, logs or integration settings', async () => {
    const codes = await codesOf(who.caseworker);
    expect(codes).toEqual(expect.arrayContaining(['user_view', 'dept_view', 'post_view', 'dict_view', 'region_view']));
    for (const hidden of ['user-oper-log_view', 'sms_view', 'oss_view', 'role_view', 'third-app_view', 'pw-strategy_view'])
      expect(codes, hidden).not.toContain(hidden);
    expect(codes.some((c) => /_(add|edit|delete)$/.test(c))).toBe(false);
    const page = await t.call(who.caseworker, { method: 'GET', url: '/api/blade-user/b/operLog/page' });
    expect(page.status).toBe(403);
    expect((await t.call(who.caseworker, { method: 'GET', url: '/api/blade-resource/sms/page' })).status).toBe(403);
  });

  it('auditors read everything and pass or reject the user-operation audit; administrators do not audit', async () => {
    const auditor = await codesOf(who.auditor);
    expect(auditor).toEqual(expect.arrayContaining(['user-oper-log_view', 'user-oper-log_audit', 'sms_view', 'role_view']));
    expect(auditor.some((c) => /_(add|edit|delete)$/.test(c))).toBe(false);
    const admin = await codesOf(who.admin);
    expect(admin).toEqual(expect.arrayContaining(['user_add', 'role_grant', 'user-oper-log_view']));
    expect(admin).not.toContain('user-oper-log_audit');
  });
});
