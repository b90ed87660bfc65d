import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { getToken } from '../../api/session.ts';
import { Providers } from '../../app/providers.tsx';
import { type Call, on, stubNetwork } from '../../test/http-stub.ts';
import { LoginPage } from './login-page.tsx';

// The 手机号登录 tab: a code is asked for the phone, then grant sms_code signs in.
let calls: Call[];
let tries = 0;

beforeEach(() => {
  localStorage.clear();
  resetWebConfig();
  tries = 0;
  calls = stubNetwork([
    on('POST', '/api/blade-auth/phone-code/send', {
      body: { code: 200, success: true, data: true, msg: '若该手机号已绑定账号, 验证码已发送' },
    }),
    on('POST', '/api/blade-auth/oauth/token', () =>
      ++tries === 1
        ? { status: 400, body: { error: 'invalid_grant', error_description: '验证码不正确或已过期' } }
        : { body: { access_token: 'acc', refresh_token: 'ref', token_type: 'bearer', tenant_id: '100001', account: 'caseworker' } },
    ),
  ]);
});

describe('phone sign-in tab', () => {
  it('checks the phone, sends the code, shows a refusal and signs in', async () => {
    render(
      <Providers>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/" element={<p>HOME</p>} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('login-method-phone'));
    fireEvent.change(await screen.findByTestId('field-tenantId'), { target: { value: '100001' } });
    fireEvent.change(await screen.findByTestId('field-phone'), { target: { value: '1391234' } });
    fireEvent.click(screen.getByTestId('btn-send-code'));
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-phone'), { target: { value: '13912345678' } });
    fireEvent.click(screen.getByTestId('btn-send-code'));
    expect(await screen.findByText('若该手机号已绑定账号, 验证码已发送')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/phone-code/send'))?.params).toEqual({ tenantId: '100001', phone: '13912345678' });
    expect(screen.getByTestId('btn-send-code').textContent).toMatch(/秒后重新获取/);
    fireEvent.change(screen.getByTestId('field-phone-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('btn-phone-login'));
    expect(await screen.findByText('验证码不正确或已过期')).toBeTruthy();
    expect(getToken()).toBeUndefined();
    fireEvent.click(screen.getByTestId('btn-phone-login'));
    expect(await screen.findByText('HOME')).toBeTruthy();
    const token = calls.filter((c) => c.url.endsWith('/token')).at(-1);
    expect(token?.params).toMatchObject({ grant_type: 'sms_code', phone: '13912345678', code: '000000', tenantId: '100001' });
    expect(token?.headers['Tenant-Id']).toBe('100001');
    expect(getToken()).toBe('acc');
  });
});
