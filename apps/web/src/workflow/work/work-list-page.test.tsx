import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../shared/test-mount.tsx';
import { WorkClaimPage, WorkTodoPage } from './work-list-page.tsx';

const task = {
  taskId: 't1',
  taskName: '部门经理审批',
  processInstanceId: 'p1',
  processDefinitionId: 'Leave:1:1',
  processDefinitionKey: 'Leave',
  processDefinitionName: '请假流程',
  category: 'flow_1',
  categoryName: '办公流程',
  businessId: 'b1',
  startUserName: '张三',
  createTime: '2026-11-26 09:00:00',
};
const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-flow/work/todo-list', page([task])),
    on('GET', '/api/blade-flow/work/claim-list', page([{ ...task, taskId: 't2' }])),
    on('POST', '/api/blade-flow/work/claim-task', ok(null)),
    on('GET', '/api/blade-flow/work/counts', ok({ claim: 1, todo: 3, send: 0, done: 0 })),
    on('GET', '/api/blade-system/dict/dictionary', ok([{ dictKey: 'flow_1', dictValue: '办公流程' }])),
    on(
      'GET',
      '/api/blade-system/menu/buttons',
      ok([{ code: 'work_todo', children: [{ code: 'work_todo_handle' }, { code: 'work_claim_claim' }] }]),
    ),
  ]);
});

describe('work lists', () => {
  it('lists the to-do tasks with the counts as badges; 办理 opens the leave handle page', async () => {
    mountPage(<WorkTodoPage />, '/work/todo');
    expect(await screen.findByText('部门经理审批')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('work-count-todo').textContent).toContain('3'));
    fireEvent.click(screen.getByTestId('work-handle-action'));
    expect(screen.getByTestId('where').textContent).toBe('/work/process/leave/handle/t1/p1/b1');
  });

  it('filters by process name from page 1', async () => {
    mountPage(<WorkTodoPage />, '/work/todo');
    await screen.findByText('部门经理审批');
    fireEvent.change(screen.getByTestId('wf-filter-processDefinitionName'), { target: { value: ' 请假 ' } });
    fireEvent.click(screen.getByTestId('wf-search'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('todo-list') && c.params.processDefinitionName === '请假')).toBe(true));
    expect(calls.filter((c) => c.url.endsWith('todo-list')).at(-1)?.params).toMatchObject({ current: 1, size: 10 });
  });

  it('签收 claims the task and reloads the lists', async () => {
    mountPage(<WorkClaimPage />, '/work/claim');
    fireEvent.click(await screen.findByTestId('work-claim-action'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('claim-task'))?.params).toEqual({ taskId: 't2' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('claim-list')).length).toBeGreaterThan(1));
  });
});
