import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { Providers } from '../../app/providers.tsx';
import { BUTTONS_URL } from '../../crud/permissions.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { stepConfigTabs } from './index.tsx';

// The per-step panels the step editor mounts: each lists its resource narrowed to the step; the
// buttons panel adds library buttons to the step.
const STEP = '1903000000000000111';
const page = (records: object[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
let calls: Call[];

function mount(key: string) {
  const tab = stepConfigTabs.find((t) => t.key === key)!;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers>
      <QueryClientProvider client={client}>{tab.render(STEP)}</QueryClientProvider>
    </Providers>,
  );
}

beforeEach(() => {
  resetWebConfig();
  const granted = ['mat-wf-element-button_view', 'mat-wf-element-button_add', 'mat-wf-element-permission_view'];
  calls = stubNetwork([
    on('GET', BUTTONS_URL, () => ok([{ code: 'matter', children: granted.map((code) => ({ code })) }])),
    on('GET', '/api/dw-matter/matWfElementButton/page', page([{ id: '5', elementId: STEP, localButtonName: '暂存', orderNum: 1 }])),
    on('GET', '/api/dw-matter/matWfLocalButton/list', page([{ id: '71', localButtonName: '提交', localButtonValue: 'submit' }])),
    on('GET', '/api/dw-matter/matWfElementPermission/page', page([{ id: '9', elementId: STEP, fieldName: 'rescueAmount', permission: 3 }])),
    on('GET', '/api/dw-matter/matWfElementMethod/list', page([])),
    on('GET', '/api/blade-system/dict/dictionary', ok([{ dictKey: '1', dictValue: '提交' }])),
    on('POST', '/api/dw-matter/matWfElementButton/copyFromLibrary', ok([{ id: '6' }])),
  ]);
});

describe('stepConfigTabs', () => {
  it('offers the buttons, signing and field-rights panels, each with a label in both languages', () => {
    expect(stepConfigTabs.map((t) => [t.key, t.label.zh])).toEqual([
      ['buttons', '环节按钮'],
      ['signing', '签章要素'],
      ['rights', '字段权限'],
    ]);
    expect(stepConfigTabs.every((t) => t.label.en.length > 0)).toBe(true);
  });

  it('lists the step’s buttons and adds library buttons to the step', async () => {
    mount('buttons');
    expect(await screen.findByText('暂存')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/dw-matter/matWfElementButton/page')?.params).toMatchObject({ elementId_equal: STEP });
    fireEvent.click(await screen.findByTestId('btn-from-library'));
    const picker = await screen.findByTestId('library-picker');
    const submitRow = await waitFor(() => {
      const row = picker.querySelector('tr[data-row-key="71"] input[type="checkbox"]');
      expect(row).toBeTruthy();
      return row as HTMLInputElement;
    });
    fireEvent.click(submitRow);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/copyFromLibrary'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/copyFromLibrary'))?.data).toEqual(
      JSON.stringify({ elementId: STEP, localButtonIds: ['71'] }),
    );
  });

  it('lists the step’s field rights', async () => {
    mount('rights');
    expect(await screen.findByText('rescueAmount')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/dw-matter/matWfElementPermission/page')?.params).toMatchObject({ elementId_equal: STEP });
  });
});
