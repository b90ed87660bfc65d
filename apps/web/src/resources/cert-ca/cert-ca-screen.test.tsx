import { certCa } from '@civdesk/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { Providers } from '../../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { CertCaScreen } from './cert-ca-screen.tsx';

// The CA screen takes a revocation list file for a row and sends it to upload-crl.
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-system/cert-ca/page', ok({ records: [{ id: '7', caName: '政务CA' }], total: 1, size: 10, current: 1, pages: 1 })),
    on('POST', '/api/blade-system/cert-ca/upload-crl', ok({ id: '7' })),
  ]);
});

describe('certificate authority screen', () => {
  it('uploads the chosen CRL file for the row', async () => {
    render(
      <Providers>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <CertCaScreen resource={certCa} />
          </MemoryRouter>
        </QueryClientProvider>
      </Providers>,
    );
    expect(await screen.findByText('政务CA')).toBeTruthy();
    fireEvent.click(await screen.findByText('上传吊销列表'));
    const file = new File([new Uint8Array([0x30, 0x82, 0x01])], 'ca.crl');
    fireEvent.change(screen.getByTestId('crl-file'), { target: { files: [file] } });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/upload-crl'))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith('/upload-crl')) as Call;
    expect(sent.params).toEqual({ id: '7' });
    expect((sent.data as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByText('吊销列表已更新')).toBeTruthy();
  });
});
