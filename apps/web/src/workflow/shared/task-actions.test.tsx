import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { TaskActions } from './task-actions.tsx';
import { mountPage } from './test-mount.tsx';

const users = {
  records: [
    { id: '11', realName: '李四', deptName: '民政科' },
    { id: '12', realName: '王五' },
  ],
  total: 2,
  size: 20,
  current: 1,
  pages: 1,
};
let calls: Call[];
const sent = (path: string) => calls.find((c) => c.url.endsWith(path));

const withButtons = (codes: string[]) => {
  calls = stubNetwork([
    on('GET', '/api/blade-system/menu/buttons', ok([{ code: 'work_todo', children: codes.map((code) => ({ code })) }])),
    on('GET', '/api/blade-user/page', ok(users)),
    on('POST', '/api/blade-flow/work/delegate-task', ok(null)),
    on('POST', '/api/blade-flow/work/cc', ok(null)),
    on('POST', '/api/blade-flow/work/add-sign', ok(null)),
  ]);
};

/** Opens an antd select and picks the option with this text. */
async function pick(testId: string, text: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }));
}

beforeEach(() => resetWebConfig());

describe('task actions', () => {
  it('shows only the actions the user holds', async () => {
    withButtons(['work_todo_cc']);
    mountPage(<TaskActions taskId="t1" onDone={() => {}} />);
    expect(await screen.findByTestId('task-cc')).toBeTruthy();
    expect(screen.queryByTestId('task-delegate')).toBeNull();
    expect(screen.queryByTestId('task-addSign')).toBeNull();
  });

  it('委派 asks for one user, sends task and user, and hands the task on', async () => {
    withButtons(['work_todo_delegate']);
    const done = vi.fn();
    mountPage(<TaskActions taskId="t1" onDone={done} />);
    fireEvent.click(await screen.findByTestId('task-delegate'));
    fireEvent.click(await screen.findByTestId('task-action-ok'));
    expect(await screen.findByText('请选择办理人')).toBeTruthy();
    expect(sent('delegate-task')).toBeUndefined();
    await pick('task-action-user', '李四（民政科）');
    fireEvent.click(screen.getByTestId('task-action-ok'));
    await waitFor(() => expect(sent('delegate-task')?.params).toEqual({ taskId: 't1', userId: '11' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(false));
  });

  it('抄送 sends several users; the task stays with the caller', async () => {
    withButtons(['work_todo_cc']);
    const done = vi.fn();
    mountPage(<TaskActions taskId="t1" onDone={done} />);
    fireEvent.click(await screen.findByTestId('task-cc'));
    await pick('task-action-users', '李四（民政科）');
    await pick('task-action-users', '王五');
    fireEvent.click(screen.getByTestId('task-action-ok'));
    await waitFor(() => expect(sent('work/cc')?.params).toEqual({ taskId: 't1', userIds: '11,12' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
  });

  it('前加签 sends position before; the task waits for the signers', async () => {
    withButtons(['work_todo_sign']);
    const done = vi.fn();
    mountPage(<TaskActions taskId="t1" onDone={done} />);
    fireEvent.click(await screen.findByTestId('task-addSign'));
    fireEvent.click(await screen.findByText('前加签（加签人先办理）'));
    await pick('task-action-users', '王五');
    fireEvent.click(screen.getByTestId('task-action-ok'));
    await waitFor(() => expect(JSON.parse(String(sent('add-sign')?.data))).toEqual({ taskId: 't1', position: 'before', userIds: '12' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(false));
  });
});
