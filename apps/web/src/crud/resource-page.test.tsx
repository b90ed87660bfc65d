import type { Resource } from '@civdesk/meta';
import { logApi, post } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { ResourcePage } from './resource-page.tsx';

const rows = [
  { id: '11', category: 1, postCode: 'P01', postName: '经理', sort: 1, remark: null },
  { id: '12', category: 3, postCode: 'P02', postName: '专员', sort: 2, remark: '一线' },
];

let calls: Call[];

function mount(resource: Resource = post) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers>
      <QueryClientProvider client={client}>
        <ResourcePage resource={resource} />
      </QueryClientProvider>
    </Providers>,
  );
}

const pageCalls = () => calls.filter((c) => c.url === '/api/blade-system/post/page');

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-system/post/page', (c) => {
      const found = rows.filter((r) => !c.params.postName || r.postName.includes(String(c.params.postName)));
      return ok({ records: found, total: found.length, size: 10, current: 1, pages: 1 });
    }),
    on(
      'GET',
      '/api/blade-system/dict/dictionary',
      ok([
        { dictKey: '1', dictValue: '高层' },
        { dictKey: '3', dictValue: '基层' },
      ]),
    ),
    on('POST', '/api/blade-system/post/remove', ok(true)),
    on(
      'GET',
      '/api/blade-log/api/page',
      ok({
        records: [{ id: '21', serviceId: 'dw-minor', method: 'GET', requestUri: '/dw-minor/case/page' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }),
    ),
  ]);
});

describe('ResourcePage (post)', () => {
  it('lists the rows from page with dictionary labels, row actions and toolbar', async () => {
    mount();
    expect(await screen.findByText('经理')).toBeTruthy();
    expect(await screen.findByText('高层')).toBeTruthy(); // category 1 shown by its dictionary label
    expect(screen.getByText('基层')).toBeTruthy();
    expect(pageCalls()[0].params).toEqual({ current: 1, size: 10 });
    expect(calls.find((c) => c.url === '/api/blade-system/dict/dictionary')?.params).toEqual({ code: 'post_category' });
    for (const id of ['btn-add', 'btn-batch-delete', 'btn-search', 'btn-reset', 'row-view-11', 'row-edit-11', 'row-delete-12']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    expect(screen.getAllByText('岗位名称').length).toBeGreaterThan(0);
  });

  it('searches a text field by its name and warns when bulk-deleting nothing', async () => {
    mount();
    await screen.findByText('经理');
    fireEvent.change(screen.getByTestId('search-postName'), { target: { value: '专' } });
    fireEvent.click(screen.getByTestId('btn-search'));
    await waitFor(() => expect(pageCalls().at(-1)?.params).toEqual({ current: 1, size: 10, postName: '专' }));
    await waitFor(() => expect(screen.queryByText('经理')).toBeNull());
    fireEvent.click(screen.getByTestId('btn-batch-delete'));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
  });

  it('deletes a row after confirmation and reloads', async () => {
    mount();
    await screen.findByText('经理');
    fireEvent.click(screen.getByTestId('row-delete-11'));
    const dialog = (await screen.findByText('确定将选择数据删除?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/blade-system/post/remove')?.params).toEqual({ ids: '11' });
    await waitFor(() => expect(pageCalls().length).toBeGreaterThan(1));
  });

  it('opens the add dialog with the derived fields and checks them with the shared schema', async () => {
    mount();
    await screen.findByText('经理');
    fireEvent.click(screen.getByTestId('btn-add'));
    const postName = await screen.findByTestId('field-postName');
    expect(screen.getByTestId('field-postCode')).toBeTruthy();
    expect(screen.getByTestId('field-remark')).toBeTruthy();
    // Letters never reach an order field (typing them says 排序只能输入数字: the browser test).
    fireEvent.change(screen.getByTestId('field-sort'), { target: { value: '1a' } });
    await waitFor(() => expect((screen.getByTestId('field-sort') as HTMLInputElement).value).toBe('1'));
    fireEvent.click(screen.getByTestId('dialog-submit'));
    expect(await screen.findByText('请输入岗位名称')).toBeTruthy();
    expect(postName).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(false);
  });
});

describe('ResourcePage (read-only: API log)', () => {
  it('offers viewing only: no add, no delete, no selection', async () => {
    mount(logApi);
    expect(await screen.findByText('/dw-minor/case/page')).toBeTruthy();
    expect(screen.getByTestId('row-view-21')).toBeTruthy();
    for (const id of ['btn-add', 'btn-batch-delete', 'row-edit-21', 'row-delete-21']) expect(screen.queryByTestId(id)).toBeNull();
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();
  });
});
