import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { setLanguage } from '../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { mountPage } from '../workflow/shared/test-mount.tsx';
import { chartOption, numericColumns } from './chart-option.ts';
import { QueryRunPage } from './run-page.tsx';

const detail = {
  id: '7',
  customName: '部门人数',
  content: 'select …',
  conditions: [
    { id: 'c1', conditionName: '部门名称', paramName: 'deptName', conditionType: 'input', isRequired: 1 },
    { id: 'c2', conditionName: '最少人数', paramName: 'minCount', conditionType: 'number', isRequired: 0 },
  ],
  tabDetails: [
    { fieldName: 'deptName', fieldLabel: '部门', isShow: 1 },
    { fieldName: 'n', fieldLabel: '人数', isShow: 1 },
    { fieldName: 'hidden', fieldLabel: '隐藏列', isShow: 0 },
  ],
};
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  calls = stubNetwork([
    on('GET', '/api/dw-query/bmsQueryList/list', ok({ records: [{ id: '7', customName: '部门人数' }], total: 1, current: 1, size: 1000 })),
    on('GET', '/api/dw-query/bmsQueryTabDetail/getCusDetailById', ok(detail)),
    on('GET', '/api/dw-query/bmsuccessQuery/queryPage', (c) =>
      c.params.deptName === 'bad'
        ? { status: 400, body: { code: 400, success: false, data: null, msg: '只读查询不能修改数据' } }
        : ok({
            records: [{ deptName: '民政局', n: 3, hidden: 'x' }],
            total: 1,
            current: 1,
            size: 10,
            pages: 1,
            columns: ['deptName', 'n', 'hidden'],
          }),
    ),
  ]);
});

describe('the custom query run page', () => {
  it('shows the conditions as a search form and the answer under the configured headers', async () => {
    mountPage(<QueryRunPage />, '/query/run?id=7');
    await screen.findByPlaceholderText('部门名称');
    const form = screen.getByTestId('query-conditions');
    expect(within(form).getByText('部门名称')).toBeTruthy();
    expect(within(form).getByText('最少人数')).toBeTruthy();

    // A required condition left empty is asked for before anything is sent.
    fireEvent.click(screen.getByTestId('query-submit'));
    expect(await screen.findByText('请输入部门名称')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/queryPage'))).toBe(false);

    fireEvent.change(within(form).getByPlaceholderText('部门名称'), { target: { value: '民政' } });
    fireEvent.click(screen.getByTestId('query-submit'));
    const table = await screen.findByTestId('query-result');
    await waitFor(() => expect(within(table).getByText('民政局')).toBeTruthy());
    expect(within(table).getAllByText('部门').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('人数').length).toBeGreaterThan(0);
    expect(within(table).queryByText('隐藏列')).toBeNull();
    const sent = calls.find((c) => c.url.endsWith('/queryPage'));
    // Empty conditions are left out; the values go as named parameters.
    expect(sent?.params).toEqual({ id: '7', current: 1, size: 10, deptName: '民政' });
  });

  it("shows the server's refusal beside the form", async () => {
    mountPage(<QueryRunPage />, '/query/run?id=7');
    fireEvent.change(await screen.findByPlaceholderText('部门名称'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByTestId('query-submit'));
    expect((await screen.findByTestId('query-error')).textContent).toContain('只读查询不能修改数据');
  });

  it('asks for a query when none is chosen', async () => {
    mountPage(<QueryRunPage />, '/query/run');
    expect(await screen.findByText('请选择要执行的查询')).toBeTruthy();
  });
});

describe('report chart option', () => {
  const run = {
    templateName: 'r',
    chartType: 'bar' as const,
    params: [],
    columns: ['部门', '人数', '备注'],
    rows: [
      { 部门: 'A', 人数: 3, 备注: 'x' },
      { 部门: 'B', 人数: '5', 备注: 'y' },
    ],
    truncated: false,
  };
  it('draws the numeric columns over the first column', () => {
    expect(numericColumns(run)).toEqual(['人数']);
    expect(chartOption(run)).toMatchObject({ xAxis: { data: ['A', 'B'] }, series: [{ type: 'bar', name: '人数', data: [3, 5] }] });
    expect(chartOption({ ...run, chartType: 'pie' })).toMatchObject({
      series: [
        {
          type: 'pie',
          data: [
            { name: 'A', value: 3 },
            { name: 'B', value: 5 },
          ],
        },
      ],
    });
  });
});
