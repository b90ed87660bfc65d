import { exportTemplate } from '@civdesk/resources';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { setLanguage } from '../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { mountPage } from '../workflow/shared/test-mount.tsx';
import { ExportTemplateEditor, type Offer } from './export-template-editor.tsx';

const API = exportTemplate.api;
const offers: Offer[] = [
  {
    name: 'post',
    label: '岗位管理',
    personal: false,
    columns: [
      { key: 'postCode', header: '岗位编号' },
      { key: 'postName', header: '岗位名称' },
      { key: 'createTime', header: '创建时间' },
    ],
    filters: [
      { key: 'postName', label: '岗位名称', type: 'string', op: 'like' },
      { key: 'createTime', label: '创建时间', type: 'datetime', op: 'range' },
    ],
  },
  { name: 'user', label: '用户管理', personal: true, columns: [{ key: 'account', header: '登录账号' }], filters: [] },
];
let calls: Call[];
let closed: boolean[];

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  closed = [];
  calls = stubNetwork([on('GET', `${API}/resources`, ok(offers)), on('POST', `${API}/save`, ok({ id: '9' }))]);
});

describe('导出模板 dialog', () => {
  it('picks the data, its columns with edited headers and a filter, and saves them as the server takes them', async () => {
    mountPage(<ExportTemplateEditor id={null} onClose={(saved) => closed.push(saved)} />);
    fireEvent.change(await screen.findByTestId('export-template-name'), { target: { value: '岗位清单' } });
    fireEvent.mouseDown((await screen.findByTestId('export-template-data')).querySelector('.ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('岗位管理'));
    // Every listed field is ticked at first, under its label.
    expect(((await screen.findByTestId('export-header-postName')) as HTMLInputElement).value).toBe('岗位名称');
    fireEvent.click(screen.getByTestId('export-col-createTime'));
    fireEvent.change(screen.getByTestId('export-header-postCode'), { target: { value: '编号' } });
    fireEvent.change(screen.getByTestId('export-filter-postName').querySelector('input') ?? screen.getByTestId('export-filter-postName'), {
      target: { value: '社' },
    });
    expect(screen.queryByTestId('export-filter-createTime')).toBeNull();
    fireEvent.click(screen.getByTestId('export-template-save'));
    await waitFor(() => expect(closed).toEqual([true]));
    const saved = calls.find((c) => c.url.endsWith('/save'));
    expect(JSON.parse(String(saved?.data))).toEqual({
      templateName: '岗位清单',
      resourceName: 'post',
      columns: JSON.stringify([
        { key: 'postCode', header: '编号' },
        { key: 'postName', header: '岗位名称' },
      ]),
      filters: JSON.stringify({ postName: '社' }),
      remark: '',
    });
  });

  it('says when the chosen data is personal (the file will carry a watermark)', async () => {
    mountPage(<ExportTemplateEditor id={null} onClose={() => {}} />);
    fireEvent.mouseDown((await screen.findByTestId('export-template-data')).querySelector('.ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('用户管理'));
    expect(await screen.findByText(/导出文件首行将标注导出人和导出时间/)).toBeTruthy();
  });
});
