import { defineMenuGroup, defineResource, type Resource } from '@civdesk/meta';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { ResourceRoute } from './resource-route.tsx';

// The router's catch-all route: a resource's screen opens at the path its definition declares,
// whatever its menu group, with no route written for it.
const minor = defineMenuGroup({
  code: 'minor',
  label: { zh: '未成年人保护', en: 'Minor protection' },
  icon: 'TeamOutlined',
  path: '/minor',
  order: 5,
});
const warning = defineResource({
  name: 'case-warning',
  table: 'dw_case_warning',
  label: { zh: '预警信息', en: 'Warnings' },
  api: '/api/dw-minor/case-warning',
  tenant: true,
  softDelete: true,
  defaultSort: [],
  fields: { caseName: { type: 'string', label: { zh: '预警名称', en: 'Name' }, list: true, search: true } },
  menu: { group: minor },
});
const screens = new Map<string, Resource>(warning.menu ? [[warning.menu.path, warning]] : []);

let calls: Call[];
beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on(
      'GET',
      '/api/dw-minor/case-warning/page',
      ok({ records: [{ id: '31', caseName: '长期缺课' }], total: 1, size: 10, current: 1, pages: 1 }),
    ),
  ]);
});

function open(path: string, table?: ReadonlyMap<string, Resource>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<ResourceRoute screens={table} fallback={<p data-testid="menu-route">menu route</p>} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

describe('ResourceRoute', () => {
  it('opens the list screen of a resource at its declared path outside /system', async () => {
    open('/minor/case-warning/', screens);
    expect(warning.menu).toMatchObject({ path: '/minor/case-warning' });
    expect(await screen.findByText('长期缺课')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/dw-minor/case-warning/page')).toBe(true);
  });

  it('hands other paths to the menu route', async () => {
    open('/minor/case-warning-1', screens);
    expect(await screen.findByTestId('menu-route')).toBeTruthy();
  });

  it('serves the registry’s screens at their /system paths by default', async () => {
    stubNetwork([
      on('GET', '/api/blade-system/post/page', ok({ records: [{ id: '11', postName: '经理' }], total: 1, size: 10, current: 1, pages: 1 })),
    ]);
    open('/system/post');
    expect(await screen.findByText('经理')).toBeTruthy();
    open('/system/nothing-here');
    await waitFor(() => expect(screen.getByTestId('menu-route')).toBeTruthy());
  });
});
