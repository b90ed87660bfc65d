import { fireEvent, render, screen } from '@testing-library/react';
import md5 from 'blueimp-md5';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { getToken, getUserInfo, saveSession } from '../../api/session.ts';
import { PublicOnly, RequireAuth } from '../../app/guards.tsx';
import { Providers } from '../../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { LoginPage } from '../login/login-page.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';

const session = {
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
};

function mount(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/login"
            element={
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            }
          />
          <Route
            path="/changepwd"
            element={
              <RequireAuth>
                <ChangePasswordPage />
              </RequireAuth>
            }
          />
          <Route
            path="/"
            element={
              <RequireAuth>
                <p>HOME</p>
              </RequireAuth>
            }
          />
          <Route
            path="/system/post"
            element={
              <RequireAuth>
                <p>POSTS</p>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

let calls: Call[];
beforeEach(() => {
  localStorage.clear();
  resetWebConfig();
  calls = stubNetwork([
    on('POST', '/api/blade-auth/oauth/token', { body: { ...session, init_password: true } }),
    on(
      'GET',
      '/api/blade-user/password-rules',
      ok({ minLength: 8, needUpper: 1, needLower: 0, needDigit: 1, needSpecial: 0, historyCount: 3 }),
    ),
    on('POST', '/api/blade-user/update-password', (c) =>
      JSON.parse(String(c.data)).oldPassword === md5('wrong')
        ? { status: 400, body: { code: 400, success: false, data: null, msg: '原密码不正确!' } }
        : ok({ ...session, access_token: 'fresh', init_password: false }),
    ),
  ]);
});

describe('initial password', () => {
  it('sends a user signed in on an initial password to /changepwd with the warning, and keeps it there', async () => {
    mount('/login');
    fireEvent.change(await screen.findByTestId('field-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('field-password'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByTestId('btn-login'));
    expect(await screen.findByTestId('change-password-form')).toBeTruthy();
    expect(screen.getAllByText('请修改初始密码').length).toBeGreaterThan(0);
  });

  it('redirects every other authenticated path while the flag is set', async () => {
    saveSession({ ...session, init_password: true });
    mount('/system/post');
    expect(await screen.findByTestId('initial-warning')).toBeTruthy();
    expect(screen.queryByText('POSTS')).toBeNull();
  });
});

describe('change password page', () => {
  it('asks for every field and a matching confirmation', async () => {
    saveSession(session);
    mount('/changepwd');
    fireEvent.click(await screen.findByTestId('btn-change-password'));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-oldPassword'), { target: { value: 'old' } });
    fireEvent.change(screen.getByTestId('field-newPassword'), { target: { value: 'New-pass1' } });
    fireEvent.change(screen.getByTestId('field-newPassword1'), { target: { value: 'Other-pass1' } });
    fireEvent.click(screen.getByTestId('btn-change-password'));
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/blade-user/update-password')).toBe(false);
    expect(screen.queryByTestId('initial-warning')).toBeNull();
  });

  it('sends md5 of each password, shows a refusal, then stores the fresh session and goes home', async () => {
    saveSession({ ...session, init_password: true });
    mount('/changepwd');
    const fill = (old: string) => {
      fireEvent.change(screen.getByTestId('field-oldPassword'), { target: { value: old } });
      fireEvent.change(screen.getByTestId('field-newPassword'), { target: { value: 'New-pass1' } });
      fireEvent.change(screen.getByTestId('field-newPassword1'), { target: { value: 'New-pass1' } });
      fireEvent.click(screen.getByTestId('btn-change-password'));
    };
    await screen.findByTestId('change-password-form');
    fill('wrong');
    expect(await screen.findByText('原密码不正确!')).toBeTruthy();
    fill('admin');
    expect(await screen.findByText('HOME')).toBeTruthy();
    const call = calls.filter((c) => c.url === '/api/blade-user/update-password').at(-1);
    expect(call?.params).toEqual({});
    expect(JSON.parse(String(call?.data))).toEqual({ oldPassword: md5('admin'), newPassword: 'New-pass1', newPassword1: 'New-pass1' });
    expect(getToken()).toBe('fresh');
    expect(getUserInfo()?.init_password).toBe(false);
  });

  it('states the tenant password rules before anything is sent, and leads back where the user came from', async () => {
    saveSession(session);
    render(
      <Providers>
        <MemoryRouter initialEntries={['/system/post', '/changepwd']} initialIndex={1}>
          <Routes>
            <Route path="/changepwd" element={<ChangePasswordPage />} />
            <Route path="/system/post" element={<p>POSTS</p>} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    expect((await screen.findByTestId('password-rules')).textContent).toBe(
      '新密码须长度不少于8位、包含大写字母、包含数字、不能与最近3次使用过的密码相同。',
    );
    expect(calls.some((c) => c.url === '/api/blade-user/update-password')).toBe(false);
    Object.defineProperty(window.history, 'length', { value: 2, configurable: true });
    fireEvent.click(screen.getByTestId('btn-change-password-back'));
    expect(await screen.findByText('POSTS')).toBeTruthy();
  });

  it('offers no way out to a user who must change an initial password', async () => {
    saveSession({ ...session, init_password: true });
    mount('/changepwd');
    await screen.findByTestId('password-rules');
    expect(screen.queryByTestId('btn-change-password-back')).toBeNull();
  });
});
