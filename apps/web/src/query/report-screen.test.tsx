import { reportTemplate } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { setLanguage } from '../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { ReportTemplateScreen } from './report-screen.tsx';

// The report list opens a report: its parameters as a form, its answer as a table (the chart's
// option is tested in run-page.test.tsx; a canvas is the browser test's).
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  calls = stubNetwork([
    on(
      'GET',
      `${reportTemplate.api}/page`,
      ok({ records: [{ id: '9', templateName: '岗位报表', code: 'post' }], total: 1, size: 10, current: 1, pages: 1 }),
    ),
    on(
      'GET',
      `${reportTemplate.api}/list`,
      ok({ records: [{ id: '9', templateName: '岗位报表', code: 'post' }], total: 1, size: 10, current: 1, pages: 1 }),
    ),
    on('GET', `${reportTemplate.api}/run`, (c) =>
      ok({
        templateName: '岗位报表',
        chartType: 'bar',
        params: ['name'],
        columns: ['岗位', '说明'],
        rows: c.params.name ? [{ 岗位: `筛选${c.params.name}`, 说明: '-' }] : [{ 岗位: '社工', 说明: '一线' }],
        truncated: false,
      }),
    ),
  ]);
});

describe('report template screen', () => {
  it('opens a report as a table and reruns it with its parameter', async () => {
    render(
      <Providers>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <ReportTemplateScreen resource={reportTemplate} />
          </MemoryRouter>
        </QueryClientProvider>
      </Providers>,
    );
    expect(await screen.findByText('岗位报表')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('row-run-9'));
    const view = await screen.findByTestId('report-view');
    const table = await within(view).findByTestId('report-table');
    expect(within(table).getByText('社工')).toBeTruthy();
    expect(within(view).queryByTestId('report-chart')).toBeNull();

    fireEvent.change(within(view).getByLabelText('name'), { target: { value: '一' } });
    fireEvent.click(within(view).getByTestId('report-search'));
    await waitFor(() => expect(within(view).getByText('筛选一')).toBeTruthy());
    expect(calls.filter((c) => c.url.endsWith('/run')).at(-1)?.params).toEqual({ id: '9', name: '一' });
  });
});
