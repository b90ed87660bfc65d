import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setNavigator } from '../api/navigation.ts';
import { resetWebConfig } from '../api/request.ts';
import { clearSession, saveSession, type TokenAnswer } from '../api/session.ts';
import { RequireAuth } from '../app/guards.tsx';
import { Providers } from '../app/providers.tsx';
import { queryClient } from '../app/query-client.ts';
import { ok, on, stubNetwork } from '../test/http-stub.ts';
import { LockPage } from './lock/lock-page.tsx';
import { isLocked, lock, setLockPassword } from './lock/lock-state.ts';
import { resetOnSessionBoundary } from './session-reset.ts';
import { loadTabs, saveTabs } from './tabs.ts';

const answer = (user: string): TokenAnswer => ({
  access_token: `token-${user}`,
  refresh_token: `refresh-${user}`,
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '100001',
  user_id: user,
  dept_id: '1',
  role_id: '1',
  role_name: 'admin',
  account: user,
  user_name: user,
  nick_name: user,
});

/** User A's browser: tabs open, the screen locked, calls cached. */
function leaveTraces() {
  saveTabs([
    { key: '/wel/index', label: '' },
    { key: '/system/user', label: '用户管理' },
  ]);
  setLockPassword('1234');
  lock('/system/user');
  queryClient.setQueryData(['menu-routes'], ['A']);
}

resetOnSessionBoundary(); // as the shell layout does when it loads

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  resetWebConfig();
});

describe('what one user leaves for the next on the same browser', () => {
  it('a forced or ordinary logout (the session cleared) takes tabs, lock and cached calls with it', async () => {
    saveSession(answer('A'));
    leaveTraces();
    clearSession();
    expect(loadTabs()).toEqual([]);
    expect(isLocked()).toBe(false);
    await waitFor(() => expect(queryClient.getQueryData(['menu-routes'])).toBeUndefined());
  });

  it("another user's sign-in starts clean; the same user's refresh keeps them", async () => {
    saveSession(answer('A'));
    leaveTraces();
    saveSession({ ...answer('A'), access_token: 'token-A2' }); // a refresh
    expect(loadTabs().length).toBe(2);
    expect(isLocked()).toBe(true);
    saveSession(answer('B')); // B signs in over A's stored session
    expect(loadTabs()).toEqual([]);
    expect(isLocked()).toBe(false);
    await waitFor(() => expect(queryClient.getQueryData(['menu-routes'])).toBeUndefined());
  });
});

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}
function Bridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((p) => void navigate(p, { replace: true })), [navigate]);
  return null;
}
function mount(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Bridge />
        <Where />
        <Routes>
          <Route path="/login" element={<div>login</div>} />
          <Route path="/lock" element={<LockPage />} />
          <Route
            path="*"
            element={
              <RequireAuth>
                <div>shell</div>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}
const at = () => screen.getByTestId('where').textContent;

describe('signed out: /lock and unknown paths lead to /login', () => {
  it('/lock without a session opens /login', async () => {
    stubNetwork([]);
    mount('/lock');
    await waitFor(() => expect(at()).toBe('/login'));
  });

  it('an unknown path signed out opens /login, not /404', async () => {
    stubNetwork([]);
    mount('/no/such/page');
    await waitFor(() => expect(at()).toBe('/login'));
  });

  it('a lock whose session has ended meanwhile opens /login and is cleared', async () => {
    saveSession(answer('A'));
    leaveTraces();
    stubNetwork([on('GET', '/api/blade-user/info', { status: 401, body: { code: 401, msg: '请求未授权' } })]);
    mount('/system/user');
    await waitFor(() => expect(at()).toBe('/login'));
    expect(isLocked()).toBe(false);
    expect(loadTabs()).toEqual([]);
  });

  it('a live session stays on its lock screen', async () => {
    saveSession(answer('A'));
    leaveTraces();
    const calls = stubNetwork([on('GET', '/api/blade-user/info', ok({ id: 'A' }))]);
    mount('/lock');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/blade-user/info')).toBe(true));
    expect(at()).toBe('/lock');
    expect(isLocked()).toBe(true);
  });
});
