import { post } from '@civdesk/resources';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, on, stubNetwork } from '../test/http-stub.ts';
import { ImportDialog } from './import-dialog.tsx';

let calls: Call[];
let answer: { status?: number; body: unknown };

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([on('POST', '/api/blade-system/post/import', () => answer)]);
});

function mount() {
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers>
      <ImportDialog resource={post} lang="zh" onClose={onClose} onImported={onImported} />
    </Providers>,
  );
  return { onImported, onClose };
}

const choose = () => {
  const input = document.querySelector('[data-testid="import-dialog"] input[type="file"]') as HTMLInputElement;
  const file = new File(['x'], 'posts.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  fireEvent.change(input, { target: { files: [file] } });
};

describe('ImportDialog', () => {
  it('uploads the chosen file and lists every wrong row when the server refuses', async () => {
    answer = {
      status: 400,
      body: {
        code: 400,
        success: false,
        msg: '导入失败: 1 行有错误,未导入任何数据',
        data: { errors: [{ row: 3, field: 'sort', label: '岗位排序', message: '排序只能输入数字' }] },
      },
    };
    const { onImported } = mount();
    expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
    choose();
    fireEvent.click(await screen.findByTestId('import-start'));
    expect(await screen.findByText('导入失败: 1 行有错误,未导入任何数据')).toBeTruthy();
    expect(await screen.findByText('排序只能输入数字')).toBeTruthy();
    expect(screen.getByText('岗位排序')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    const sent = calls.find((c) => c.url === '/api/blade-system/post/import');
    expect(sent?.data).toBeInstanceOf(FormData);
    expect(((sent?.data as FormData | undefined)?.get('file') as File | undefined)?.name).toBe('posts.xlsx');
  });

  it('closes and reloads the list after a successful import', async () => {
    answer = { body: { code: 200, success: true, msg: '成功导入 2 条数据', data: { imported: 2 } } };
    const { onImported, onClose } = mount();
    choose();
    fireEvent.click(await screen.findByTestId('import-start'));
    expect(await screen.findByText('成功导入 2 条数据')).toBeTruthy();
    expect(onImported).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
