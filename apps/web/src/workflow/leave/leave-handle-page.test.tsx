import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../shared/test-mount.tsx';
import { LeaveHandlePage } from './leave-handle-page.tsx';

const detail = {
  id: 'b1',
  processInstanceId: 'p1',
  startTime: '2026-11-27 09:00:00',
  endTime: '2026-11-28 18:00:00',
  reason: '探亲',
  applyUserName: '张三',
  flow: [],
};
let calls: Call[];
const sent = (path: string) => calls.find((c) => c.url.endsWith(path));
const body = (path: string) => JSON.parse(String(sent(path)?.data ?? '{}'));

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-desk/process/leave/detail', ok(detail)),
    on('GET', '/api/blade-flow/process/model-view', { status: 500, body: { code: 500, msg: 'no diagram in this test' } }),
    on('POST', '/api/blade-flow/work/complete-task', ok(null)),
    on('GET', '/api/blade-flow/work/return-targets', ok([{ nodeId: 'apply', nodeName: '调整申请' }])),
    on('POST', '/api/blade-flow/work/return-task', ok(null)),
  ]);
});

const mount = () =>
  mountPage(
    <LeaveHandlePage />,
    '/work/process/leave/handle/t1/p1/b1',
    '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
  );

describe('leave handle page', () => {
  it('shows the request; 同意 completes the task with pass=true and goes back to the to-do list', async () => {
    mount();
    expect(await screen.findByText('探亲')).toBeTruthy();
    fireEvent.click(screen.getByTestId('leave-approve'));
    await waitFor(() => expect(sent('complete-task')).toBeTruthy());
    expect(body('complete-task')).toEqual({
      taskId: 't1',
      processInstanceId: 'p1',
      flag: 'ok',
      comment: '同意',
      variables: { pass: true },
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/work/todo'));
  });

  it('驳回 asks for an opinion first', async () => {
    mount();
    fireEvent.click(await screen.findByTestId('leave-reject'));
    expect(await screen.findByText('请输入审批意见')).toBeTruthy();
    expect(sent('complete-task')).toBeUndefined();
    fireEvent.change(screen.getByTestId('leave-comment'), { target: { value: '时间冲突' } });
    fireEvent.click(screen.getByTestId('leave-reject'));
    await waitFor(() => expect(body('complete-task')).toMatchObject({ flag: 'reject', comment: '时间冲突', variables: { pass: false } }));
  });

  it('退回 sends the task back to the chosen earlier step', async () => {
    mount();
    fireEvent.change(await screen.findByTestId('leave-comment'), { target: { value: '请补充说明' } });
    fireEvent.click(screen.getByTestId('leave-return'));
    const select = await screen.findByTestId('return-target');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByText('调整申请'));
    fireEvent.click(screen.getByTestId('return-ok'));
    await waitFor(() => expect(body('return-task')).toEqual({ taskId: 't1', targetNodeId: 'apply', comment: '请补充说明' }));
  });
});
