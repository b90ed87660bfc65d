import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { setLanguage } from '../../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../../workflow/shared/test-mount.tsx';
import { SignPanel, type SignState } from './sign-panel.tsx';
import { acceptsSignature } from './signature-input.tsx';

const API = '/api/dw-biz-mzapprove/demoMaterials';
const HASH = 'ab'.repeat(32);
let calls: Call[];
let state: SignState[];
const doc = (signatures: SignState['doc'] extends infer D ? (D extends { signatures: infer S } ? S : never) : never) => ({
  id: 'd1',
  fileLink: '/f/d1.pdf',
  signedLink: null,
  fileSha256: HASH,
  status: 'unsigned',
  signatures,
});

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  state = [{ sign: { id: 's1' }, doc: null, required: 2, count: 0, complete: false }];
  calls = stubNetwork([
    on('GET', `${API}/getElectronicSign`, () => ok(state)),
    on('POST', `${API}/doCreateSignPdf`, () => {
      state = [{ ...state[0], doc: doc([]) }];
      return ok(state[0].doc);
    }),
    on('POST', `${API}/signed`, () => {
      const g = { id: 'g1', signerName: '管理员', signTime: '2026-11-27 10:00:00', pdfSha256: HASH, status: 'valid' };
      state = [{ ...state[0], doc: doc([g]), count: 1 }];
      return ok(g);
    }),
  ]);
});

describe('SignPanel', () => {
  it('generates the document, then signs it with an uploaded image and lists the signature', async () => {
    const { container } = mountPage(<SignPanel applyId="a1" elementId="e1" />);
    fireEvent.click(await screen.findByTestId('sign-generate-s1'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/doCreateSignPdf'))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/doCreateSignPdf'))?.data))).toEqual({
      applyId: 'a1',
      elementId: 'e1',
      signId: 's1',
    });
    fireEvent.click(await screen.findByTestId('sign-sign-s1'));
    fireEvent.click(await screen.findByTestId('signature-mode-upload'));
    await screen.findByTestId('signature-choose');
    const input = document.body.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sig.png', { type: 'image/png' })] },
    });
    await screen.findByTestId('signature-chosen');
    fireEvent.click(screen.getByTestId('signature-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/signed'))).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.url.endsWith('/signed'))?.data));
    expect(sent).toMatchObject({ applyId: 'a1', docId: 'd1' });
    expect(sent.image).toMatch(/^data:image\/png;base64,/);
    expect(await screen.findByText('管理员')).toBeTruthy();
    expect(screen.getByTestId('sign-progress-s1').textContent).toBe('已签章 1/2');
    expect(container).toBeTruthy();
  });

  it('says so when the step has no signing element', async () => {
    state = [];
    mountPage(<SignPanel applyId="a1" elementId="e1" />);
    expect(await screen.findByText('该环节没有签章要素')).toBeTruthy();
  });

  it('takes only PNG/JPEG images up to 500 KB', () => {
    expect(acceptsSignature({ name: 'a.PNG', size: 1000 })).toBe(true);
    expect(acceptsSignature({ name: 'a.jpeg', size: 500 * 1024 })).toBe(true);
    expect(acceptsSignature({ name: 'a.gif', size: 1000 })).toBe(false);
    expect(acceptsSignature({ name: 'a.png', size: 500 * 1024 + 1 })).toBe(false);
  });
});
