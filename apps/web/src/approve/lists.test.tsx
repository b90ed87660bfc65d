import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { setLanguage } from '../i18n/index.ts';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import { mountPage } from '../workflow/shared/test-mount.tsx';
import { DoneMattersPage, FinishMattersPage, TodoMattersPage } from './list/matter-list-page.tsx';

const API = '/api/dw-biz-mzapprove/demoTodo';
const row = {
  applyId: 'a1',
  taskId: 't1',
  claimed: false,
  warnState: 2,
  applicantName: '张三',
  applicantIdCard: '110101199003071234',
  itemName: '临时救助申请',
  realCurActivityName: '受理',
  activityId: 'accept',
  prevActivityName: '申请登记',
  createTime: '2026-11-20 09:00:00',
  acceptDate: null,
  curActivityDeadlineDate: '2026-11-25 09:00:00',
  registerPeople: '窗口员',
  registerDeptName: '民政局',
  source: '1',
  dictName: '窗口受理',
};
const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const conflict = { status: 409, body: { code: 409, success: false, data: null, msg: '已被他人签收' } };
let calls: Call[];
let claimReply: ReturnType<typeof ok> | typeof conflict;
let todoRows: unknown[];
let auditCount: number;

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  claimReply = ok({ taskId: 't1' });
  todoRows = [row, { ...row, applyId: 'a2', taskId: 't2', claimed: true, warnState: 0, applicantName: '李四' }];
  auditCount = 0;
  calls = stubNetwork([
    on('GET', `${API}/getMyTodoList`, () => page(todoRows)),
    on('GET', `${API}/getMyTodoCount`, ok({ count: 5, warning: 1, overdue: 2 })),
    on('POST', `${API}/getMyTodoFinishCount`, ok({ count: 7 })),
    on('GET', `${API}/getMySuspendAuditCount`, () => ok({ count: auditCount })),
    on(
      'GET',
      `${API}/getMySuspendAuditList`,
      page([
        {
          ...row,
          applyId: 'a3',
          taskId: 't3',
          warnState: 0,
          applicantName: '王五',
          realCurActivityName: '县级审批',
          activityName: '县级审批',
          suspendId: 's3',
          suspendReason: '需现场核查',
          requestedByName: '李经办',
          requestTime: '2026-11-24 15:30:00',
        },
      ]),
    ),
    on('GET', `${API}/doClaim`, () => claimReply),
    on('POST', `${API}/getMyTodoDoneList`, page([{ ...row, activityName: '受理', handleTime: '2026-11-21 10:00:00', canRecall: true }])),
    on('POST', `${API}/getMyTodoFinishList`, page([{ ...row, finishTime: '2026-11-26 10:00:00', statusName: '办结（准予）' }])),
    on('GET', `${API}/doRecall`, { status: 409, body: { code: 409, success: false, data: null, msg: '下一环节已处理，无法撤回' } }),
    on(
      'GET',
      '/api/blade-system/menu/buttons',
      ok([
        {
          code: 'approve_todo',
          children: [{ code: 'approve_todo_claim' }, { code: 'approve_todo_handle' }, { code: 'approve_todo_recall' }],
        },
      ]),
    ),
  ]);
});

describe('待办事项', () => {
  it("shows the spec's columns: warnState as a tag, the ID card masked, the source by name, counts on the tabs", async () => {
    mountPage(<TodoMattersPage />, '/matters/todo');
    const first = (await screen.findByText('张三')).closest('tr') as HTMLElement;
    for (const text of ['临时救助申请', '受理', '申请登记', '2026-11-25 09:00:00', '窗口员', '民政局', '窗口受理'])
      expect(within(first).getByText(text)).toBeTruthy();
    expect(within(first).getByTestId('warn-state').textContent).toBe('超期');
    expect(within(first).getByText('110101********1234')).toBeTruthy();
    expect(screen.queryByText('110101199003071234')).toBeNull();
    const second = screen.getByText('李四').closest('tr') as HTMLElement;
    expect(within(second).getByTestId('warn-state').textContent).toBe('正常');
    await waitFor(() => expect(screen.getByTestId('approve-count-todo').textContent).toContain('5'));
    expect(screen.getByTestId('approve-count-finish').textContent).toContain('7');
    expect(screen.getByTestId('approve-count-overdue').textContent).toContain('超期 2');
  });

  it('searches by matter and applicant name from page 1, trimmed', async () => {
    mountPage(<TodoMattersPage />, '/matters/todo');
    await screen.findByText('张三');
    fireEvent.change(screen.getByTestId('approve-filter-itemName'), { target: { value: ' 救助 ' } });
    fireEvent.change(screen.getByTestId('approve-filter-applicantName'), { target: { value: '张' } });
    fireEvent.click(screen.getByTestId('approve-search'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('getMyTodoList')).at(-1)?.params).toEqual({
        itemName: '救助',
        applicantName: '张',
        current: 1,
        size: 10,
      }),
    );
  });

  it('签收 claims the row’s task; 办理 opens the handling page of a claimed row', async () => {
    mountPage(<TodoMattersPage />, '/matters/todo');
    await screen.findByText('张三');
    expect(screen.getAllByTestId('approve-claim')).toHaveLength(1); // the claimed row offers no claim
    fireEvent.click(screen.getByTestId('approve-claim'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('doClaim'))?.params).toEqual({ taskId: 't1' }));
    expect(await screen.findByText('签收成功')).toBeTruthy();
    const handle = screen.getAllByTestId('approve-handle');
    expect((handle[0] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(handle[1]);
    expect(screen.getByTestId('where').textContent).toBe(
      `/matters/fillref/detail/a2/${encodeURIComponent('临时救助申请')}/todo/${encodeURIComponent('受理')}`,
    );
  });

  it('a suspended task no one holds (a publicity period) offers no 签收 but opens the handling page, where it is resumed', async () => {
    todoRows = [{ ...row, warnState: 3, status: 'SUSPENDED', realCurActivityName: '公示' }];
    mountPage(<TodoMattersPage />, '/matters/todo');
    expect((await screen.findByTestId('warn-state')).textContent).toBe('挂起');
    expect(screen.queryByTestId('approve-claim')).toBeNull();
    const handle = screen.getByTestId('approve-handle') as HTMLButtonElement;
    expect(handle.disabled).toBe(false);
    fireEvent.click(handle);
    expect(screen.getByTestId('where').textContent).toBe(
      `/matters/fillref/detail/a1/${encodeURIComponent('临时救助申请')}/todo/${encodeURIComponent('公示')}`,
    );
  });

  it('a claim lost to someone else shows the server’s 409 message', async () => {
    claimReply = conflict;
    mountPage(<TodoMattersPage />, '/matters/todo');
    fireEvent.click(await screen.findByTestId('approve-claim'));
    const loads = calls.filter((c) => c.url.endsWith('getMyTodoList')).length;
    expect(await screen.findByText('已被他人签收')).toBeTruthy();
    // Refused: the lists are not reloaded as after a claim that won.
    expect(calls.filter((c) => c.url.endsWith('getMyTodoList')).length).toBe(loads);
  });

  it('shows the columns in English after the switch', async () => {
    setLanguage('en');
    mountPage(<TodoMattersPage />, '/matters/todo');
    await screen.findByText('张三');
    for (const title of ['Applicant', 'Matter', 'Current step', 'Previous step', 'Step deadline', 'ID card', 'Source'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('warn-state')[0].textContent).toBe('Overdue');
    setLanguage('zh');
  });
});

describe('挂起审核', () => {
  it('is no tab for a caller with no suspension request to audit', async () => {
    mountPage(<TodoMattersPage />, '/matters/todo');
    await waitFor(() => expect(screen.getByTestId('approve-count-todo').textContent).toContain('5'));
    expect(screen.queryByTestId('approve-tab-audit')).toBeNull();
  });

  it('lists the requests awaiting the caller, searches them and opens one to audit', async () => {
    auditCount = 1;
    mountPage(<TodoMattersPage />, '/matters/todo');
    await screen.findByText('张三');
    await waitFor(() => expect(screen.getByTestId('approve-count-audit').textContent).toContain('1'));
    fireEvent.click(screen.getByTestId('approve-tab-audit'));
    const r = (await screen.findByText('王五')).closest('tr') as HTMLElement;
    for (const text of ['县级审批', '需现场核查', '李经办', '2026-11-24 15:30:00', '110101********1234'])
      expect(within(r).getByText(text)).toBeTruthy();
    expect(screen.queryByText('张三')).toBeNull();
    fireEvent.change(screen.getByTestId('approve-filter-applicantName'), { target: { value: '王五' } });
    fireEvent.click(screen.getByTestId('approve-search'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('getMySuspendAuditList')).at(-1)?.params).toMatchObject({
        applicantName: '王五',
        current: 1,
      }),
    );
    const open = within((await screen.findByText('王五')).closest('tr') as HTMLElement).getByTestId('approve-audit-open');
    fireEvent.click(open);
    expect(screen.getByTestId('where').textContent).toBe(
      `/todomat/fillref/detail/a3/${encodeURIComponent('临时救助申请')}/done/${encodeURIComponent('县级审批')}`,
    );
  });

  it('the todo tab leads back from the audit list', async () => {
    auditCount = 1;
    mountPage(<TodoMattersPage />, '/matters/todo');
    await waitFor(() => expect(screen.getByTestId('approve-count-audit')).toBeTruthy());
    fireEvent.click(screen.getByTestId('approve-tab-audit'));
    await screen.findByText('王五');
    fireEvent.click(screen.getByTestId('approve-tab-todo'));
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/matters/todo');
  });
});

describe('批量办理', () => {
  it('selects only claimed rows of steps that permit it, and handles them with one button and opinion', async () => {
    const batchable = { ...row, claimed: true, ifPermitBatch: true };
    calls = stubNetwork([
      on(
        'GET',
        `${API}/getMyTodoList`,
        page([batchable, { ...batchable, applyId: 'a2', taskId: 't2' }, { ...row, applyId: 'a3', taskId: 't3' }]),
      ),
      on(
        'GET',
        '/api/dw-biz-mzapprove/demoOpinion/getCurBtns',
        ok([
          { id: 'b1', name: '同意', action: 'pass', options: [{ id: 'o1', butOptsInfo: '同意' }] },
          { id: 'b2', name: '退回', action: 'back' },
        ]),
      ),
      on('POST', `${API}/batchHandle`, ok({ count: 2 })),
      on('GET', '/api/blade-system/menu/buttons', ok([{ code: 'approve_todo', children: [{ code: 'approve_todo_batch' }] }])),
    ]);
    mountPage(<TodoMattersPage />, '/matters/todo');
    await screen.findAllByText('张三');
    const boxes = (await screen.findAllByRole('checkbox')).slice(1) as HTMLInputElement[]; // the first selects all
    expect(boxes.map((b) => b.disabled)).toEqual([false, false, true]);
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    fireEvent.click(screen.getByTestId('approve-batch'));
    fireEvent.mouseDown((await screen.findByTestId('batch-button')).querySelector('.ant-select-selector') as Element);
    expect(screen.queryByTitle('退回')).toBeNull(); // only buttons that complete the step
    fireEvent.click(await screen.findByTitle('同意'));
    fireEvent.click(screen.getByTestId('batch-ok'));
    await waitFor(() =>
      expect(JSON.parse(String(calls.find((c) => c.url.endsWith('batchHandle'))?.data))).toEqual({
        items: [
          { applyId: 'a1', taskId: 't1', realCurActivityName: '受理' },
          { applyId: 'a2', taskId: 't2', realCurActivityName: '受理' },
        ],
        buttonId: 'b1',
        content: '同意',
      }),
    );
    expect(await screen.findByText('批量办理成功，共 2 件')).toBeTruthy();
  });
});

describe('已办事项 and 办结事项', () => {
  it('the done list posts its search as param; 撤回 asks and shows the refusal as the server words it', async () => {
    mountPage(<DoneMattersPage />, '/matters/done');
    await screen.findByText('2026-11-21 10:00:00');
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('getMyTodoDoneList'))?.data))).toEqual({ current: 1, size: 10, param: {} });
    fireEvent.click(screen.getByTestId('approve-recall'));
    fireEvent.click(await screen.findByText('确 定'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('doRecall'))?.params).toEqual({ applyId: 'a1' }));
    expect(await screen.findByText('下一环节已处理，无法撤回')).toBeTruthy();
  });

  it('the finished list shows the finish time and opens the read-only detail', async () => {
    mountPage(<FinishMattersPage />, '/matters/finish');
    expect(await screen.findByText('2026-11-26 10:00:00')).toBeTruthy();
    expect(screen.getByText('办结（准予）')).toBeTruthy();
    expect(screen.queryByTestId('approve-recall')).toBeNull();
    fireEvent.click(screen.getByTestId('approve-detail'));
    expect(screen.getByTestId('where').textContent).toBe(
      `/donemat/fillref/detail/a1/${encodeURIComponent('临时救助申请')}/finish/${encodeURIComponent('受理')}`,
    );
  });
});
