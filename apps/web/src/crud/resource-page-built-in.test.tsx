import { pageConf } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { ok, on, stubNetwork } from '../test/http-stub.ts';
import { ResourcePage } from './resource-page.tsx';

const rows = [
  { id: '31', flag: 'case', pageTabname: '基本信息', pageTaburl: '/a', isSys: 1, isSave: 0, isVerification: 0, orderNum: 1 },
  { id: '32', flag: 'case', pageTabname: '补充材料', pageTaburl: '/b', isSys: 0, isSave: 0, isVerification: 0, orderNum: 2 },
];

beforeEach(() => {
  resetWebConfig();
  stubNetwork([on('GET', `${pageConf.api}/page`, ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 }))]);
});

it('offers no selection box for a built-in row (it cannot be removed in bulk), one for the others', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <ResourcePage resource={pageConf} />
      </QueryClientProvider>
    </Providers>,
  );
  const builtIn = (await screen.findByText('基本信息')).closest('tr') as HTMLElement;
  const own = screen.getByText('补充材料').closest('tr') as HTMLElement;
  const box = (tr: HTMLElement) => tr.querySelector('input[type="checkbox"]') as HTMLInputElement;
  expect(box(builtIn).disabled).toBe(true);
  expect(box(own).disabled).toBe(false);
});
