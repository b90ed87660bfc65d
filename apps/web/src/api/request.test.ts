import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, on, stubNetwork } from '../test/http-stub.ts';
import { signIn } from './auth.ts';
import { setNavigator } from './navigation.ts';
import { getData, http, RequestError, resetWebConfig, setStatusWhiteList } from './request.ts';
import { getToken, saveSession, type TokenAnswer } from './session.ts';

const answer = {
  access_token: 'acc',
  refresh_token: 'ref',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  dept_id: '2',
  role_id: '3',
  role_name: 'administrator',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
} satisfies TokenAnswer;

let visited: string[] = [];

beforeEach(() => {
  localStorage.clear();
  resetWebConfig();
  setStatusWhiteList([]);
  visited = [];
  setNavigator((p) => visited.push(p));
});

describe('request layer', () => {
  it('sends the client credential from web-config, the bearer token and the UI language', async () => {
    saveSession(answer);
    const calls = stubNetwork([on('GET', '/api/x', ok({ a: 1 }))]);
    await expect(getData('/api/x', { id: '5' })).resolves.toEqual({ a: 1 });
    const call = calls.find((c) => c.url === '/api/x');
    expect(call?.headers.Authorization).toBe(`Basic ${btoa('saber:secret')}`);
    expect(call?.headers['Blade-Auth']).toBe('bearer acc');
    expect(call?.headers['Accept-Language']).toBe('zh-CN');
    expect(call?.params).toEqual({ id: '5' });
    expect(calls.filter((c) => c.url === '/api/civdesk/web-config')).toHaveLength(1);
  });

  it('sends no Blade-Auth without a token', async () => {
    const calls = stubNetwork([on('GET', '/api/x', ok(1))]);
    await getData('/api/x');
    expect(calls.find((c) => c.url === '/api/x')?.headers['Blade-Auth']).toBeUndefined();
  });

  it('takes the status from the body code: a 200 HTTP answer with code 400 rejects and shows msg', async () => {
    stubNetwork([
      on('GET', '/api/x', { body: { code: 400, success: false, data: { errors: [{ field: 'a', message: 'bad' }] }, msg: '参数错误' } }),
    ]);
    const err = await getData('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).status).toBe(400);
    expect((err as RequestError).data).toEqual({ errors: [{ field: 'a', message: 'bad' }] });
    expect(await screen.findByText('参数错误')).toBeTruthy();
  });

  it('falls back to the HTTP status and error_description when the body has no code', async () => {
    stubNetwork([on('GET', '/api/x', { status: 403, body: { error_description: '请求被拒绝了' } })]);
    await expect(getData('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(await screen.findByText('请求被拒绝了')).toBeTruthy();
  });

  it('shows 未知错误 when the answer says nothing', async () => {
    stubNetwork([on('GET', '/api/x', { status: 500, body: '' })]);
    await expect(getData('/api/x')).rejects.toMatchObject({ status: 500, message: '未知错误' });
    expect(await screen.findByText('未知错误')).toBeTruthy();
  });

  it('shows the server’s message on 503 (a database outage), and says so when a gateway gives no envelope', async () => {
    stubNetwork([on('GET', '/api/x', { status: 503, body: { code: 503, success: false, data: null, msg: '服务暂时不可用，请稍后重试' } })]);
    await expect(getData('/api/x')).rejects.toMatchObject({ status: 503, message: '服务暂时不可用，请稍后重试' });
    expect(await screen.findByText('服务暂时不可用，请稍后重试')).toBeTruthy();
    stubNetwork([on('GET', '/api/y', { status: 502, body: '<html>Bad Gateway</html>' })]);
    await expect(getData('/api/y')).rejects.toMatchObject({ status: 502, message: '服务暂时不可用，请稍后重试' });
  });

  it('on 401 clears the session and goes to /login', async () => {
    saveSession(answer);
    stubNetwork([on('GET', '/api/x', { status: 401, body: { code: 401, msg: '令牌已失效' } })]);
    await expect(getData('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeUndefined();
    expect(document.cookie).not.toContain('saber-access-token=acc');
    expect(visited).toEqual(['/login']);
  });

  it('rejects whitelisted codes with the raw response and shows nothing', async () => {
    setStatusWhiteList([409]);
    stubNetwork([on('GET', '/api/x', { body: { code: 409, msg: '冲突' } })]);
    const raw = await http.get('/api/x').catch((e: unknown) => e);
    expect(raw).toMatchObject({ status: 200, data: { code: 409 } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('冲突')).toBeNull();
  });

  it('rejects a network error as it is', async () => {
    stubNetwork([on('GET', '/api/x', new Error('Network Error'))]);
    await expect(getData('/api/x')).rejects.toThrow('Network Error');
  });
});

describe('sign-in', () => {
  it('posts the grant in the query string with an md5 password and stores the session', async () => {
    const calls = stubNetwork([on('POST', '/api/blade-auth/oauth/token', { body: answer })]);
    await signIn({ tenantId: '000000', username: 'admin', password: 'admin', captcha: { key: 'k', code: 'abcd' } });
    const call = calls.find((c) => c.url === '/api/blade-auth/oauth/token');
    expect(call?.params).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'captcha',
      scope: 'all',
    });
    expect(call?.headers).toMatchObject({ 'Tenant-Id': '000000', 'Captcha-Key': 'k', 'Captcha-Code': 'abcd' });
    expect(call?.headers['Blade-Auth']).toBeUndefined();
    expect(getToken()).toBe('acc');
    expect(JSON.parse(localStorage.getItem('civdesk-token') ?? '{}')).toMatchObject({ dataType: 'string', content: 'acc' });
    expect(JSON.parse(localStorage.getItem('civdesk-userInfo') ?? '{}').content).toMatchObject({ account: 'admin', tenant_id: '000000' });
    expect(document.cookie).toContain('saber-access-token=acc');
    expect(document.cookie).not.toContain('saber-refresh-token');
  });

  it('on a refusal throws error_description once, shows no toast itself and stores nothing', async () => {
    stubNetwork([
      on('POST', '/api/blade-auth/oauth/token', { status: 400, body: { error: 'invalid_grant', error_description: '用户名或密码错误' } }),
    ]);
    await expect(signIn({ tenantId: '000000', username: 'admin', password: 'x' })).rejects.toThrow('用户名或密码错误');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('用户名或密码错误')).toBeNull();
    expect(getToken()).toBeUndefined();
    expect(visited).toEqual([]);
  });

  it('treats a 200 answer carrying error_description as a refusal', async () => {
    stubNetwork([on('POST', '/api/blade-auth/oauth/token', { body: { error_code: 400, error_description: '验证码不正确' } })]);
    await expect(signIn({ tenantId: '000000', username: 'admin', password: 'x' })).rejects.toThrow('验证码不正确');
    expect(getToken()).toBeUndefined();
  });
});
