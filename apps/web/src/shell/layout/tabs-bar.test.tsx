import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { setLanguage } from '../../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../../workflow/shared/test-mount.tsx';
import { TabsBar } from './tabs-bar.tsx';

const BUTTON = '/api/blade-upgrade/upgrade/enabledclearbtn';

function openMenu(enabled: boolean): Call[] {
  const calls = stubNetwork([on('GET', BUTTON, ok({ enabled }))]);
  mountPage(<TabsBar title="岗位管理" homeLabel="首页" />, '/post');
  return calls;
}

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  sessionStorage.clear();
  localStorage.clear();
});

describe('the tabs menu’s clear-cache item', () => {
  it('is offered when the server enables the button', async () => {
    const calls = openMenu(true);
    await waitFor(() => expect(calls.some((c) => c.url === BUTTON)).toBe(true));
    fireEvent.click(screen.getByTestId('tabs-menu'));
    expect(await screen.findByTestId('tabs-clear-cache')).toBeTruthy();
  });

  it('is left out when the server switches it off (upgrade.clearCacheButton = false)', async () => {
    const calls = openMenu(false);
    await waitFor(() => expect(calls.some((c) => c.url === BUTTON)).toBe(true));
    // the answer has been applied once the menu no longer offers the item
    fireEvent.click(screen.getByTestId('tabs-menu'));
    await screen.findByTestId('tabs-close-all');
    await waitFor(() => expect(screen.queryByTestId('tabs-clear-cache')).toBeNull());
    expect(screen.getByTestId('tabs-close-others')).toBeTruthy();
  });
});
