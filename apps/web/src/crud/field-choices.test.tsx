import { matWfVersion } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { fillTemplate, optionSourceOf } from './options.ts';
import { BUTTONS_URL } from './permissions.ts';
import { ResourcePage } from './resource-page.tsx';

// A text field whose choices come from a call (a version's deployed process definition) and one
// that references rows by id (its matter item): both show the chosen row's label, not the id.
const DEFINITIONS = '/api/dw-matter/dwCommonProcess/definitionList';
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', BUTTONS_URL, () => ok([{ code: 'mat-wf-version', children: [{ code: 'mat-wf-version_view' }] }])),
    on(
      'GET',
      '/api/dw-matter/matWfVersion/page',
      ok({
        records: [{ id: '1', itemId: '501', flowDefId: '900', versionCode: 'V1', startTime: '2026-01-01' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }),
    ),
    on('GET', '/api/dw-matter/matIntElement/list', ok([{ id: '501', itemName: '临时救助申请事项' }])),
    on('GET', DEFINITIONS, ok([{ id: '900', name: '临时救助申请', version: 2, key: 'mat_lsjz' }])),
  ]);
});

describe('choices of a text field', () => {
  it('comes from the call named by the definition, labelled by its template', () => {
    const source = optionSourceOf(matWfVersion, matWfVersion.fields.flowDefId);
    expect(source).toEqual({ kind: 'call', url: DEFINITIONS, label: '{name} v{version}（{key}）', valueField: 'id' });
    expect(fillTemplate('{name} v{version}（{key}）', { name: '请假', version: 3, key: 'leave' })).toBe('请假 v3（leave）');
    expect(fillTemplate('{name}-{missing}', { name: 'a' })).toBe('a-');
  });

  it('shows the definition and the matter by name in the list', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <Providers>
        <QueryClientProvider client={client}>
          <ResourcePage resource={matWfVersion} />
        </QueryClientProvider>
      </Providers>,
    );
    expect(await screen.findByText('临时救助申请 v2（mat_lsjz）')).toBeTruthy();
    expect(await screen.findByText('临时救助申请事项')).toBeTruthy();
    expect(calls.some((c) => c.url === DEFINITIONS)).toBe(true);
  });
});
