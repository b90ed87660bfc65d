import { client } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { Providers } from '../../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { ClientScreen } from './client-screen.tsx';

// The OAuth client screen shows the install's SM2 public key (what SpringBlade/Saber clients
// encrypt passwords with) with a copy button.
const KEY = `04${'ab'.repeat(64)}`;
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-system/client/page', ok({ records: [{ id: '1', clientId: 'saber' }], total: 1, size: 10, current: 1, pages: 1 })),
    on('GET', '/api/blade-auth/sm2-public-key', ok(KEY)),
  ]);
});

describe('OAuth client screen', () => {
  it('shows the SM2 public key with a copy button', async () => {
    render(
      <Providers>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <ClientScreen resource={client} />
          </MemoryRouter>
        </QueryClientProvider>
      </Providers>,
    );
    expect(await screen.findByText('saber')).toBeTruthy();
    fireEvent.click(await screen.findByText('SM2公钥'));
    const shown = await screen.findByTestId('sm2-public-key');
    expect(shown.textContent).toContain(KEY);
    expect(shown.querySelector('.ant-typography-copy')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/blade-auth/sm2-public-key')).toBe(true);
  });
});
