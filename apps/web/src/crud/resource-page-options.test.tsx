import { post } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { BUTTONS_URL, buttonCodes } from './permissions.ts';
import { ResourcePage, type ResourcePageProps } from './resource-page.tsx';

// The options special screens embed the generic list with, and the button permissions it obeys.
const rows = [
  { id: '11', category: 1, postCode: 'P01', postName: '经理', sort: 1 },
  { id: '12', category: 3, postCode: 'P02', postName: '专员', sort: 2 },
];

let calls: Call[];
let granted: string[];

function mount(props: Partial<ResourcePageProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers>
      <QueryClientProvider client={client}>
        <ResourcePage resource={post} {...props} />
      </QueryClientProvider>
    </Providers>,
  );
}

beforeEach(() => {
  resetWebConfig();
  granted = ['post_view', 'post_edit', 'post_delete', 'post_special'];
  calls = stubNetwork([
    on('GET', BUTTONS_URL, () => ok([{ code: 'post', children: granted.map((code) => ({ code })) }])),
    on('GET', '/custom/page', ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 })),
    on('GET', '/api/blade-system/post/page', ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 })),
    on('GET', '/api/blade-system/dict/dictionary', ok([{ dictKey: '1', dictValue: '高层' }])),
    on('POST', '/custom/remove', ok(true)),
  ]);
});

describe('buttonCodes', () => {
  it('collects the codes of menus and buttons at any depth', () => {
    expect([...buttonCodes([{ code: 'a', children: [{ code: 'a_view' }, { children: [{ code: 'deep' }] }] }, {}])]).toEqual([
      'a',
      'a_view',
      'deep',
    ]);
    expect(buttonCodes(null).size).toBe(0);
  });
});

describe('ResourcePage options', () => {
  it('lists from another route with the fixed query and hides what the user holds no button for', async () => {
    mount({ endpoints: { page: '/custom/page' }, fixedQuery: { deptId: '7' } });
    expect(await screen.findByText('经理')).toBeTruthy();
    const listed = calls.filter((c) => c.url === '/custom/page');
    expect(listed[0].params).toEqual({ current: 1, size: 10, deptId: '7' });
    expect(calls.some((c) => c.url === '/api/blade-system/post/page')).toBe(false);
    // post_add is not granted: no add button once the buttons are known; edit and delete stay.
    await waitFor(() => expect(screen.queryByTestId('btn-add')).toBeNull());
    expect(screen.getByTestId('row-edit-11')).toBeTruthy();
    expect(screen.getByTestId('row-delete-11')).toBeTruthy();
  });

  it('shows no permission-bound button until the permissions are known (no flash for read-only users)', async () => {
    granted = ['post_view', 'post_add'];
    mount({});
    expect(screen.queryByTestId('btn-add')).toBeNull();
    expect(await screen.findByTestId('btn-add')).toBeTruthy();
  });

  it('sends a list-only query with the list and shows extra columns of the screen', async () => {
    mount({
      endpoints: { page: '/custom/page' },
      fixedQuery: { deptId: '7' },
      listQuery: { lastLoginOrder: 'asc' },
      extraColumns: [{ title: '额外列', key: 'extra', search: false, render: (_, row) => `x-${row.postCode}` }],
    });
    expect(await screen.findByText('x-P01')).toBeTruthy();
    expect(screen.getAllByText('额外列').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.url === '/custom/page')?.params).toEqual({ current: 1, size: 10, deptId: '7', lastLoginOrder: 'asc' });
  });

  it('hides view/edit/delete the user lacks', async () => {
    granted = ['post_view'];
    mount();
    expect(await screen.findByText('经理')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('row-edit-11')).toBeNull());
    expect(screen.getByTestId('row-view-11')).toBeTruthy();
    expect(screen.queryByTestId('row-delete-11')).toBeNull();
    expect(screen.queryByTestId('btn-batch-delete')).toBeNull();
  });

  it('shows extra row and toolbar actions only with their permission and runs them', async () => {
    const clicked: string[] = [];
    mount({
      rowActions: [
        { key: 'special', label: '特别', perm: 'post_special', onClick: (row) => clicked.push(`row ${row.id}`) },
        { key: 'hidden', label: '无权', perm: 'post_other', onClick: () => clicked.push('never') },
        { key: 'only12', label: '仅12', hidden: (row) => row.id !== '12', onClick: (row) => clicked.push(`only ${row.id}`) },
      ],
      toolbarActions: [
        { key: 'bulk', label: '批量', perm: 'post_special', needsSelection: true, onClick: (ids) => clicked.push(`bulk ${ids}`) },
        { key: 'nope', label: '不行', perm: 'post_other', onClick: () => clicked.push('never') },
      ],
    });
    await screen.findByText('经理');
    await waitFor(() => expect(screen.queryByTestId('row-hidden-11')).toBeNull());
    expect(screen.queryByTestId('btn-nope')).toBeNull();
    expect(screen.queryByTestId('row-only12-11')).toBeNull();
    fireEvent.click(screen.getByTestId('row-special-11'));
    fireEvent.click(screen.getByTestId('row-only12-12'));
    // Nothing selected: warned, not run.
    fireEvent.click(screen.getByTestId('btn-bulk'));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    fireEvent.click(document.querySelector('tr[data-row-key="12"] .ant-checkbox-input') as HTMLInputElement);
    fireEvent.click(screen.getByTestId('btn-bulk'));
    expect(clicked).toEqual(['row 11', 'only 12', 'bulk 12']);
  });

  it('deletes through another route and keeps undeletable rows disabled', async () => {
    mount({ endpoints: { remove: '/custom/remove' }, undeletable: (row) => row.id === '12' });
    await screen.findByText('经理');
    expect((screen.getByTestId('row-delete-12') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('row-delete-11'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls.find((c) => c.url === '/custom/remove')?.params).toEqual({ ids: '11' }));
  });

  it('starts a new row with the screen defaults', async () => {
    granted = ['post_add'];
    mount({ defaults: { postName: '预设岗位' } });
    await screen.findByText('经理');
    fireEvent.click(await screen.findByTestId('btn-add'));
    const input = (await screen.findByTestId('field-postName')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('预设岗位'));
  });
});
