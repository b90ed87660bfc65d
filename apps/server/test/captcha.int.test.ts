import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.query("update blade_param set param_value = '5' where param_key = 'account.captchaIpLimit'");
  t.app.ctx.params.forget();
});
afterAll(() => t?.close());

const captcha = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress });
const rows = async () => (await t.db.query<{ n: number }>('select count(*)::int n from blade_captcha'))[0].n;

describe('captcha endpoint', () => {
  it('gives one address a bounded number per window, then 429 with Retry-After, writing no row', async () => {
    // Five per window (the limit set above); a window may turn during the loop, so at most ten pass.
    let accepted = 0;
    let refused = await captcha('10.7.0.1');
    while (refused.statusCode === 200 && accepted < 11) {
      accepted++;
      refused = await captcha('10.7.0.1');
    }
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThanOrEqual(10);
    const before = await rows();
    expect((await captcha('10.7.0.1')).statusCode).toBe(429);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('验证码请求过于频繁，请稍后再试');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows()).toBe(before);
    // Another address is not held by this one.
    expect((await captcha('10.7.0.2')).statusCode).toBe(200);
  });
});
