import { matWfElementTransactor } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { optionSourceOf } from './options.ts';
import { ResourceForm } from './resource-form.tsx';

// A step's transactor names a department, a role, a user or a relative role, by its type: the
// form offers the choices of the chosen type only.
let calls: Call[];
const page = (records: object[]) => ok({ records, total: records.length, size: -1, current: 1, pages: 1 });

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-system/dept/list', ok([{ id: '31', deptName: '城关镇民政所' }])),
    on('GET', '/api/blade-system/role/list', ok([{ id: '41', roleName: '乡镇社会救助员', roleAlias: 'township' }])),
    on('GET', '/api/blade-user/page', page([{ id: '51', realName: '张三' }])),
    on('GET', '/api/dw-matter/matWfElement/list', ok([{ id: '7', userTaskId: 'accept' }])),
  ]);
});

async function options(): Promise<string[]> {
  const select = await screen.findByTestId('field-transactorInfo');
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).toBeTruthy());
  return [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')].map(
    (e) => e.textContent ?? '',
  );
}

function mount(transactorType: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <ResourceForm
          resource={matWfElementTransactor}
          mode="create"
          defaults={{ elementId: '7', transactorType }}
          onClose={() => {}}
          onSaved={() => {}}
        />
      </QueryClientProvider>
    </Providers>,
  );
}

describe('a field whose kind another field decides', () => {
  it('loads each kind once, users through their page', async () => {
    const source = optionSourceOf(matWfElementTransactor, matWfElementTransactor.fields.transactorInfo);
    expect(source?.kind).toBe('by');
    mount(2);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/blade-user/page' && c.params?.size === -1)).toBe(true));
    expect(calls.some((c) => c.url === '/api/blade-system/dept/list')).toBe(true);
  });

  it('offers roles by name for the role type, storing the alias', async () => {
    mount(2);
    await waitFor(async () => expect(await options()).toEqual(['乡镇社会救助员']));
  });

  it('offers the relative roles for that type, and nothing of the others', async () => {
    mount(4);
    await waitFor(async () => expect(await options()).toEqual(['申请人部门负责人', '申请人所在部门']));
  });
});
