import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { Providers } from '../../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { loadSystemTexts } from '../shared/texts.ts';
import { RoleGrantDialog } from './grant-dialog.tsx';

const node = (id: string, title: string, children?: unknown[]) => ({
  id,
  title,
  key: id,
  value: id,
  parentId: '0',
  hasChildren: !!children,
  children,
});

// 1 系统管理 > 2 岗位管理 > (3 查看, 4 新增); 5 用户管理. Scopes hang under menu 2.
const grantTree = {
  menu: [node('1', '系统管理', [node('2', '岗位管理', [node('3', '查看'), node('4', '新增')]), node('5', '用户管理')])],
  dataScope: [node('2', '岗位管理', [node('31', '全部岗位'), node('32', '本人岗位')])],
  apiScope: [node('2', '岗位管理', [node('41', '岗位接口')])],
};

let calls: Call[];
let held: Record<string, string[]>;

function mount() {
  const done: string[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <RoleGrantDialog roleIds={['9']} onClose={() => done.push('closed')} onDone={() => done.push('done')} />
      </QueryClientProvider>
    </Providers>,
  );
  return done;
}

const sent = () => calls.find((c) => c.url === '/api/blade-system/role/grant')?.data;

beforeAll(() => loadSystemTexts());
beforeEach(() => {
  resetWebConfig();
  held = { menu: ['1', '2', '3'], dataScope: ['31'], apiScope: [], topMenu: ['71'] };
  calls = stubNetwork([
    on('GET', '/api/blade-system/menu/grant-tree', ok(grantTree)),
    on('GET', '/api/blade-system/menu/role-tree-keys', () => ok(held)),
    on('GET', '/api/blade-system/topmenu/list', ok({ records: [{ id: '71', name: '工作台' }], total: 1 })),
    on('POST', '/api/blade-system/role/grant', ok(true)),
  ]);
});

describe('RoleGrantDialog', () => {
  it('shows held keys through their leaves and sends them back unchanged with their ancestors', async () => {
    const done = mount();
    await screen.findByText('查看');
    const checked = () => [...document.querySelectorAll('.ant-tree-treenode-checkbox-checked')].map((n) => n.textContent);
    // Only 查看 is held among 2's children: 2 and 1 are half-checked, not checked.
    expect(checked()).toEqual(['查看']);
    fireEvent.click(screen.getByTestId('dialog-submit'));
    await waitFor(() => expect(sent()).toBeTruthy());
    const body = JSON.parse(String(sent()));
    expect(body.roleIds).toBe('9');
    expect(body.menuIds.split(',').sort()).toEqual(['1', '2', '3']);
    expect(body.dataScopeIds).toBe('31');
    expect(body.apiScopeIds).toBe('');
    expect(body.topMenuIds).toBe('71');
    await waitFor(() => expect(done).toEqual(['done', 'closed']));
  });

  it('checking a menu grants its buttons and its half-checked parent; scope menus are never sent as scopes', async () => {
    held = { menu: [], dataScope: [], apiScope: [], topMenu: [] };
    mount();
    await screen.findByText('岗位管理');
    const box = (title: string) =>
      [...document.querySelectorAll('.ant-tree-treenode')]
        .find((n) => n.querySelector('.ant-tree-title')?.textContent === title)
        ?.querySelector('.ant-tree-checkbox') as HTMLElement;
    fireEvent.click(box('岗位管理'));
    fireEvent.click(screen.getByTestId('grant-tab-apiScope'));
    await screen.findByText('岗位接口');
    fireEvent.click(box('岗位管理')); // the menu above the API scope: checks its scopes
    fireEvent.click(screen.getByTestId('dialog-submit'));
    await waitFor(() => expect(sent()).toBeTruthy());
    const body = JSON.parse(String(sent()));
    expect(body.menuIds.split(',').sort()).toEqual(['1', '2', '3', '4']);
    expect(body.apiScopeIds).toBe('41');
    expect(body.dataScopeIds).toBe('');
  });
});
