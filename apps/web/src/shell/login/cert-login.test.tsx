import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { getToken, saveSession, type TokenAnswer } from '../../api/session.ts';
import { PublicOnly } from '../../app/guards.tsx';
import { Providers } from '../../app/providers.tsx';
import { type Call, on, stubNetwork } from '../../test/http-stub.ts';
import { leave } from './authorize-request.ts';
import { LoginPage } from './login-page.tsx';

// The 证书登录 tab (grant certificate: the browser presents the certificate in the TLS handshake)
// and a third-party application's authorization request handed to the login page.
let calls: Call[];
let tries = 0;
let left: string[];
const answer = { access_token: 'acc', refresh_token: 'ref', token_type: 'bearer', tenant_id: '100001', account: 'admin' };

const mount = (path: string) =>
  render(
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
          <Route path="/" element={<p>HOME</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );

beforeEach(() => {
  localStorage.clear();
  resetWebConfig();
  tries = 0;
  left = [];
  leave.to = (url) => left.push(url);
  calls = stubNetwork([
    on('POST', '/api/blade-auth/oauth/token', () =>
      ++tries === 1 ? { status: 400, body: { error: 'invalid_grant', error_description: '证书不受信任' } } : { body: answer },
    ),
    on('POST', '/api/blade-auth/oauth/authorize', {
      body: { code: 200, success: true, data: { code: 'c1', redirect: 'https://app.example.org/cb?code=c1&state=s' }, msg: '' },
    }),
  ]);
});

describe('certificate sign-in tab', () => {
  it('asks for a token with grant certificate for the tenant, shows a refusal, then signs in', async () => {
    mount('/login');
    fireEvent.click(await screen.findByTestId('login-method-cert'));
    fireEvent.change(await screen.findByTestId('field-tenantId'), { target: { value: '100001' } });
    fireEvent.click(await screen.findByTestId('btn-cert-login'));
    expect(await screen.findByText('证书不受信任')).toBeTruthy();
    expect(getToken()).toBeUndefined();
    fireEvent.click(screen.getByTestId('btn-cert-login'));
    expect(await screen.findByText('HOME')).toBeTruthy();
    const token = calls.filter((c) => c.url.endsWith('/token')).at(-1);
    expect(token?.params).toMatchObject({ grant_type: 'certificate', tenantId: '100001' });
    expect(token?.headers['Tenant-Id']).toBe('100001');
    expect(getToken()).toBe('acc');
  });
});

describe('an application’s authorization request', () => {
  it('after sign-in asks for the code and goes back to the application', async () => {
    mount('/login?authorize=REQ');
    fireEvent.click(await screen.findByTestId('login-method-cert'));
    tries = 1; // the certificate is accepted at once
    fireEvent.click(await screen.findByTestId('btn-cert-login'));
    await waitFor(() => expect(left).toEqual(['https://app.example.org/cb?code=c1&state=s']));
    const asked = calls.find((c) => c.url.endsWith('/oauth/authorize'));
    expect(asked?.params).toEqual({ request: 'REQ' });
    expect(asked?.headers['Blade-Auth']).toBe('bearer acc');
  });

  it('a user already signed in is not sent home: the code is asked for at once', async () => {
    saveSession(answer as TokenAnswer);
    mount('/login?authorize=REQ2');
    await waitFor(() => expect(left).toEqual(['https://app.example.org/cb?code=c1&state=s']));
    expect(calls.find((c) => c.url.endsWith('/oauth/authorize'))?.params).toEqual({ request: 'REQ2' });
    expect(calls.some((c) => c.url.endsWith('/token'))).toBe(false);
  });
});
