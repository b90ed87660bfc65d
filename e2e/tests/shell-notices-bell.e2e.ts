import { resourceByName } from '@civdesk/resources';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, PLATFORM_ADMIN } from '../support/accounts.ts';
import { openBrowser } from '../support/browser.ts';
import { apiCall, createRow } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';

// The notices bell learns of a notice published elsewhere without a reload (it asks every 30 s),
// and tells the platform administrator whose tenant each notice belongs to.
const notice = resourceByName.get('notice')!;

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('the notices bell', () => {
  it('shows a notice published after the page opened, labelled with its tenant for the platform administrator', async () => {
    const platform = await signedInPage(browser, PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId, {
      clock: true,
    });
    await platform.getByTestId('btn-notices').waitFor();
    const tenantAdmin = await signedInPage(browser, 'admin', 'admin', DEMO_TENANT);
    const title = `铃声${uniq()}`;
    const id = await createRow(tenantAdmin, notice, { title });
    expect((await apiCall(tenantAdmin, 'GET', `${notice.api}/detail?id=${id}`)).body.data.title).toBe(title);
    const asked = platform.waitForResponse((r) => r.url().includes('/api/blade-desk/notice/list'));
    await platform.clock.fastForward(31_000);
    await asked;
    await platform.getByTestId('btn-notices').click();
    await platform.getByTestId(`notice-${id}`).waitFor();
    expect(await platform.getByTestId(`notice-tenant-${id}`).innerText()).toBe(`租户 ${DEMO_TENANT}`);
    // The tenant's own administrator sees it without the label.
    await tenantAdmin.getByTestId('btn-notices').click();
    await tenantAdmin.getByTestId(`notice-${id}`).waitFor();
    expect(await tenantAdmin.getByTestId(`notice-tenant-${id}`).count()).toBe(0);
    await platform.context().close();
    await tenantAdmin.context().close();
  });
});
