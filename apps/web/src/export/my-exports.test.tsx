import { exportFile } from '@civdesk/resources';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { setLanguage } from '../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { mountPage } from '../workflow/shared/test-mount.tsx';
import { MyExportsScreen } from './my-exports-screen.tsx';

const API = exportFile.api;
const file = {
  id: '11',
  fileName: '岗位导出_20261127.xlsx',
  exportStatus: 1,
  progress: 50,
  total: 100,
  errorMsg: null,
  createTime: '2026-11-27 09:00:00',
  finishTime: null,
};
let pages: number;
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  pages = 0;
  calls = stubNetwork([
    on('POST', `${API}/myPage`, () => {
      pages++;
      const row = pages === 1 ? file : { ...file, exportStatus: 2, progress: 100, finishTime: '2026-11-27 09:00:05' };
      return ok({ records: [row], total: 1, size: 10, current: 1, pages: 1 });
    }),
    on('GET', '/api/blade-system/menu/buttons', ok([{ code: 'export-file', children: [{ code: 'export-file_delete' }] }])),
  ]);
});

describe('我的导出', () => {
  it('shows a running export’s progress and polls until it is done, then offers the download', async () => {
    mountPage(<MyExportsScreen resource={exportFile} />);
    const bar = await screen.findByTestId('export-progress-11');
    expect(bar.textContent).toContain('50%');
    expect(screen.getByText('导出中')).toBeTruthy();
    expect(screen.queryByTestId('export-download-11')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('export-download-11')).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText('100 / 100')).toBeTruthy();
    const asked = calls.filter((c) => c.url.endsWith('/myPage'));
    expect(JSON.parse(String(asked[0].data))).toEqual({ current: 1, size: 10 });
    // Done: no more polling.
    const seen = pages;
    await new Promise((r) => setTimeout(r, 2500));
    expect(pages).toBe(seen);
  }, 15_000);
});
