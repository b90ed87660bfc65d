import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { getToken } from '../../api/session.ts';
import { PublicOnly, RequireAuth } from '../../app/guards.tsx';
import { Providers } from '../../app/providers.tsx';
import { type Call, ok, on, stubNetwork, webConfig } from '../../test/http-stub.ts';
import { LoginPage } from './login-page.tsx';

const answer = {
  access_token: 'acc',
  refresh_token: 'ref',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  account: 'admin',
  user_name: 'admin',
};

let calls: Call[];
let attempts = 0;

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
            path="/"
            element={
              <RequireAuth>
                <p>HOME</p>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  localStorage.clear();
  resetWebConfig();
  attempts = 0;
  calls = stubNetwork([
    on('GET', '/api/civdesk/web-config', ok({ ...webConfig, captchaMode: true })),
    on('GET', '/api/blade-auth/oauth/captcha', () => ({ body: { key: `k${calls.length}`, image: 'data:image/png;base64,AAAA' } })),
    on('POST', '/api/blade-auth/oauth/token', () =>
      ++attempts === 1 ? { status: 400, body: { error: 'invalid_grant', error_description: '验证码不正确' } } : { body: answer },
    ),
  ]);
});

describe('sign-in page', () => {
  it('sends an unauthenticated visitor to /login', async () => {
    mount('/');
    expect(await screen.findByTestId('field-username')).toBeTruthy();
  });

  it('asks for every field, shows a refusal once, refreshes the captcha, then signs in', async () => {
    mount('/login');
    expect(await screen.findByTestId('captcha-image')).toBeTruthy();
    expect((screen.getByTestId('field-tenantId') as HTMLInputElement).value).toBe('000000');
    fireEvent.click(screen.getByTestId('btn-login'));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();

    fireEvent.change(screen.getByTestId('field-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('field-password'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('field-captcha'), { target: { value: 'abcde' } });
    fireEvent.click(screen.getByTestId('btn-login'));
    expect(await screen.findByText('验证码不正确')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('验证码不正确')).toHaveLength(1);
    expect(getToken()).toBeUndefined();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/captcha'))).toHaveLength(2));

    const token = calls.find((c) => c.url.endsWith('/token'));
    expect(token?.params).toMatchObject({ grant_type: 'captcha', username: 'admin', tenantId: '000000' });
    expect(token?.headers['Captcha-Key']).toMatch(/^k\d+$/);

    fireEvent.change(screen.getByTestId('field-captcha'), { target: { value: 'fghij' } });
    fireEvent.click(screen.getByTestId('btn-login'));
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(getToken()).toBe('acc');
  });

  it('shows the captcha when the server asks for one after failures, sent with the password grant', async () => {
    resetWebConfig();
    let tries = 0;
    calls = stubNetwork([
      on('GET', '/api/civdesk/web-config', ok({ ...webConfig, captchaMode: false })),
      on('GET', '/api/blade-auth/oauth/captcha', () => ({ body: { key: 'kq', image: 'data:image/png;base64,AAAA' } })),
      on('POST', '/api/blade-auth/oauth/token', () =>
        ++tries === 1 ? { status: 400, body: { error: 'captcha_required', error_description: '请输入验证码' } } : { body: answer },
      ),
    ]);
    mount('/login');
    fireEvent.change(await screen.findByTestId('field-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('field-password'), { target: { value: 'admin' } });
    expect(screen.queryByTestId('field-captcha')).toBeNull();
    fireEvent.click(screen.getByTestId('btn-login'));
    expect(await screen.findByTestId('captcha-image')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-captcha'), { target: { value: 'abcde' } });
    fireEvent.click(screen.getByTestId('btn-login'));
    expect(await screen.findByText('HOME')).toBeTruthy();
    const last = calls.filter((c) => c.url.endsWith('/token')).at(-1);
    expect(last?.params).toMatchObject({ grant_type: 'password' });
    expect(last?.headers['Captcha-Key']).toBe('kq');
  });

  it('opens the unlock dialog from the sign-in page', async () => {
    mount('/login');
    fireEvent.click(await screen.findByTestId('btn-unlock'));
    expect(await screen.findByTestId('unlock-send')).toBeTruthy();
  });

  it('sends a signed-in user from /login to /', async () => {
    localStorage.setItem('civdesk-token', JSON.stringify({ dataType: 'string', content: 'acc', datetime: Date.now() }));
    mount('/login');
    expect(await screen.findByText('HOME')).toBeTruthy();
  });
});
