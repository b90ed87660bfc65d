import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { setLanguage } from '../i18n/index.ts';
import { type Call, ok, on, type Reply, stubNetwork } from '../test/http-stub.ts';
import { mountPage } from '../workflow/shared/test-mount.tsx';
import { HandleDetailPage, HandlePage } from './handle/handle-page.tsx';

const APPLY = '/api/dw-biz-mzapprove/demoApply';
const OPINION = '/api/dw-biz-mzapprove/demoOpinion';
const PATTERN = '/matters/fillref/detail/:applyId/:itemName/:type/:realCurActivityName';
const path = (step = '受理') => `/matters/fillref/detail/a1/${encodeURIComponent('临时救助申请')}/todo/${encodeURIComponent(step)}`;
const field = (name: string, label: string) => ({ name, label, type: 'text', required: false, span: 12 });
const stale = { status: 409, body: { code: 409, success: false, data: null, msg: '办件已流转到下一环节，请刷新' } };

let calls: Call[];
let buttons: { code: string }[];
let submitReply: Reply;
let stillCurrent: boolean;
let task: Record<string, unknown>;
let unsaved: { id: string; pageTabname: string }[];
let savedOpinion: { content: string } | null;
let suspendRequest: Record<string, unknown> | null;
let applyStatus: string;
/** What the server's state becomes once a task action or a claim is answered. */
let afterAction: (() => void) | undefined;
let afterClaim: (() => void) | undefined;

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  submitReply = ok({ id: 'o1', status: 'IN_PROGRESS', realCurActivityName: '入户调查' });
  stillCurrent = true;
  task = { taskId: 't1', activityId: 'accept', realCurActivityName: '受理', elementId: 'e1', claimed: true, canHandle: true };
  unsaved = [];
  savedOpinion = null;
  suspendRequest = null;
  applyStatus = 'SUBMITTED';
  afterAction = undefined;
  afterClaim = undefined;
  buttons = [{ code: 'approve_todo_handle' }, { code: 'approve_todo_claim' }];
  calls = stubNetwork([
    on('GET', `${APPLY}/getCurrent`, () =>
      ok({
        apply: {
          id: 'a1',
          applyId: 'a1',
          status: applyStatus,
          applicantName: '张三',
          applicantIdCard: '110101199003071234',
          dictName: '窗口受理',
        },
        members: [{ id: 'm1', memberName: '张小三', memberIdCard: '110101201503071236', relation: '子女' }],
        tasks: [task],
        suspendRequest,
      }),
    ),
    on(
      'GET',
      `${APPLY}/getCurrentTopRight`,
      ok({
        status: 'SUBMITTED',
        statusName: '待受理',
        warnState: 1,
        remainingDays: -2,
        promiseDeadline: '2026-12-10',
        realCurActivityName: '受理',
      }),
    ),
    on('GET', `${APPLY}/checkApplyActivity`, () => ok({ current: stillCurrent, realCurActivityName: stillCurrent ? '受理' : '入户调查' })),
    on(
      'GET',
      `${APPLY}/getFormInfo`,
      ok({
        formId: 'f1',
        formVersionId: 'v1',
        schema: {
          formId: 'f1',
          formName: '受理表',
          version: 1,
          groups: [],
          fields: [field('income', '家庭月收入'), field('note', '受理说明'), field('score', '内部评分')],
        },
        data: { income: '1200', note: '' },
        rights: { income: 'read', score: 'hidden', note: 'required' },
      }),
    ),
    on('POST', `${APPLY}/update`, ok({ id: 'a1' })),
    on('POST', `${APPLY}/handleTask`, () => {
      afterAction?.();
      return ok({ id: 'a1', status: 'SUSPENDED', realCurActivityName: '受理' });
    }),
    on(
      'GET',
      `${OPINION}/getCurBtns`,
      ok([
        {
          id: 'b1',
          buttonId: 'lb1',
          name: '受理',
          action: 'pass',
          options: [{ id: 'o1', butOptsInfo: '材料齐全，予以受理', isDefault: 1 }],
        },
        { id: 'b2', buttonId: 'lb2', name: '退回', action: 'back', options: [] },
      ]),
    ),
    on('GET', `${OPINION}/getCurOpinionByApplyId`, () => ok(savedOpinion)),
    on('GET', '/api/dw-biz-mzapprove/demoTodo/getAllNonDealPages', () => ok(unsaved)),
    on('GET', '/api/dw-biz-mzapprove/demoTodo/doClaim', () => {
      afterClaim?.();
      return ok({ taskId: 't1' });
    }),
    on(
      'GET',
      '/api/blade-user/page',
      ok({ records: [{ id: 'u9', realName: '科员丙', deptName: '救助科' }], total: 1, size: 20, current: 1, pages: 1 }),
    ),
    on(
      'GET',
      `${OPINION}/getNextActUsers`,
      ok({
        end: false,
        activityId: 'investigate',
        activityName: '入户调查',
        users: [
          { id: 'u2', realName: '乡镇甲', deptName: '某街道' },
          { id: 'u3', realName: '乡镇乙', deptName: '某街道' },
        ],
      }),
    ),
    on('POST', `${OPINION}/submit`, () => submitReply),
    on(
      'GET',
      `${OPINION}/getOpinionHisByApplyId`,
      ok([{ activityId: 'reg', activityName: '申请登记', opinions: [{ id: 'p1', content: '已登记', userName: '窗口员' }] }]),
    ),
    on('GET', `${APPLY}/getSpecActivityUser`, ok([{ activityId: 'reg', activityName: '申请登记', endTime: '2026-11-20 09:00:00' }])),
    on('GET', '/api/blade-system/menu/buttons', () => ok([{ code: 'approve_todo', children: buttons }])),
    on(
      'POST',
      '/api/dw-biz-mzapprove/demoMaterials/getCurMaterialsWithFamily',
      ok([
        {
          id: null,
          materialId: 'm1',
          materialsName: '低保证明',
          isMustUpload: 1,
          personId: 'p1',
          personName: '张三',
          personType: 'applicant',
          materialStatus: 'missing',
          fileUrl: null,
          fileName: null,
        },
      ]),
    ),
  ]);
});

const body = (url: string) => JSON.parse(String(calls.filter((c) => c.url.endsWith(url)).at(-1)?.data));

describe('办理', () => {
  it('shows the header from getCurrentTopRight and the form with its field rights', async () => {
    mountPage(<HandlePage />, path(), PATTERN);
    const header = await screen.findByTestId('handle-header');
    await waitFor(() => expect(within(header).getByTestId('handle-status').textContent).toBe('待受理'));
    expect(within(header).getByTestId('warn-state').textContent).toBe('预警');
    expect(within(header).getByTestId('handle-remaining').textContent).toBe('已超期 2 天');
    expect(await screen.findByText('家庭月收入')).toBeTruthy();
    expect((screen.getByTestId('pf-income') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('pf-note') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText('内部评分')).toBeNull();
    // 'required' makes the field required: saving it empty is refused before any call.
    fireEvent.click(screen.getByTestId('step-form-save'));
    expect(await screen.findByText('请输入受理说明')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('update'))).toBe(false);
    fireEvent.change(screen.getByTestId('pf-note'), { target: { value: '材料已核' } });
    fireEvent.click(screen.getByTestId('step-form-save'));
    await waitFor(() =>
      expect(body('update')).toEqual({
        applyId: 'a1',
        taskId: 't1',
        realCurActivityName: '受理',
        formData: { income: '1200', note: '材料已核' },
      }),
    );
  });

  it('the opinion starts from the default stock phrase', async () => {
    mountPage(<HandlePage />, path(), PATTERN);
    await waitFor(() => expect((screen.getByTestId('opinion-content') as HTMLTextAreaElement).value).toBe('材料齐全，予以受理'));
  });

  it('a saved draft opinion comes before the default phrase', async () => {
    savedOpinion = { content: '待核实收入' };
    mountPage(<HandlePage />, path(), PATTERN);
    await waitFor(() => expect((screen.getByTestId('opinion-content') as HTMLTextAreaElement).value).toBe('待核实收入'));
  });

  it('a stock opinion fills the text; 受理 offers the next step’s users and submits the chosen one', async () => {
    mountPage(<HandlePage />, path(), PATTERN);
    await waitFor(() => expect((screen.getByTestId('opinion-content') as HTMLTextAreaElement).value).not.toBe(''));
    fireEvent.change(screen.getByTestId('opinion-content'), { target: { value: '' } });
    fireEvent.mouseDown((await screen.findByTestId('opinion-stock')).querySelector('.ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('材料齐全，予以受理'));
    await waitFor(() => expect((screen.getByTestId('opinion-content') as HTMLTextAreaElement).value).toBe('材料齐全，予以受理'));
    fireEvent.click(screen.getByTestId('opinion-btn-pass'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('getNextActUsers'))?.params).toEqual({ applyId: 'a1', buttonId: 'b1', taskId: 't1' }),
    );
    expect(await screen.findByText('乡镇甲（某街道）')).toBeTruthy();
    fireEvent.click(screen.getByText('乡镇乙（某街道）')); // unticks the second: only the first is sent
    fireEvent.click(screen.getByTestId('opinion-confirm'));
    await waitFor(() =>
      expect(body('submit')).toEqual({
        applyId: 'a1',
        taskId: 't1',
        realCurActivityName: '受理',
        buttonId: 'b1',
        content: '材料齐全，予以受理',
        nextUsers: ['u2'],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/matters/todo'));
  });

  it('退回 needs an opinion, then the step to go back to', async () => {
    mountPage(<HandlePage />, path(), PATTERN);
    await waitFor(() => expect((screen.getByTestId('opinion-content') as HTMLTextAreaElement).value).not.toBe(''));
    fireEvent.change(screen.getByTestId('opinion-content'), { target: { value: ' ' } });
    fireEvent.click(await screen.findByTestId('opinion-btn-back'));
    expect(await screen.findByText('请填写意见')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('submit'))).toBe(false);
    fireEvent.change(screen.getByTestId('opinion-content'), { target: { value: '材料不全' } });
    fireEvent.click(screen.getByTestId('opinion-btn-back'));
    fireEvent.mouseDown((await screen.findByTestId('opinion-target')).querySelector('.ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('申请登记'));
    fireEvent.click(screen.getByTestId('opinion-confirm'));
    await waitFor(() => expect(body('submit')).toMatchObject({ buttonId: 'b2', content: '材料不全', targetActivityId: 'reg' }));
  });

  it('a page whose step moved on shows the server’s refusal and offers to reload at the current step', async () => {
    submitReply = stale;
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.change(await screen.findByTestId('opinion-content'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('opinion-btn-pass'));
    fireEvent.click(await screen.findByTestId('opinion-confirm'));
    stillCurrent = false;
    expect(await screen.findByText('办件已流转到下一环节，请刷新')).toBeTruthy();
    expect(await screen.findByTestId('stale-notice')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('opinion-bar')).toBeNull());
    expect(await screen.findByText('当前环节：入户调查')).toBeTruthy();
    fireEvent.click(screen.getByTestId('stale-reload'));
    expect(screen.getByTestId('where').textContent).toBe(path('入户调查'));
  });

  it('a completing button is refused while a required tab is unsaved', async () => {
    unsaved = [{ id: 'p1', pageTabname: '基本信息' }];
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.click(await screen.findByTestId('opinion-btn-pass'));
    expect(await screen.findByText('请先保存：基本信息')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('getAllNonDealPages'))?.params).toEqual({ applyId: 'a1', taskId: 't1' });
    expect(calls.some((c) => c.url.endsWith('getNextActUsers') || c.url.endsWith('submit'))).toBe(false);
  });

  it('the opinion written on the page counts for the opinion tab', async () => {
    unsaved = [{ id: 'p3', pageTabname: '办理意见', pageTaburl: '/matter/handle/opinion' } as { id: string; pageTabname: string }];
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.change(await screen.findByTestId('opinion-content'), { target: { value: '同意受理' } });
    fireEvent.click(screen.getByTestId('opinion-btn-pass'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('getNextActUsers'))).toBe(true));
    expect(screen.queryByText('请先保存：办理意见')).toBeNull();
  });

  it('a task not yet claimed offers 签收 instead of the buttons', async () => {
    task = { ...task, claimed: false, canHandle: false, canClaim: true };
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.click(await screen.findByTestId('handle-claim'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('doClaim'))?.params).toEqual({ taskId: 't1' }));
    expect(screen.queryByTestId('opinion-bar')).toBeNull();
  });

  it('委派 hands the task to the chosen user and goes back to the list', async () => {
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.click(await screen.findByTestId('action-delegate'));
    fireEvent.mouseDown((await screen.findByTestId('approve-action-user')).querySelector('.ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('科员丙（救助科）'));
    fireEvent.click(screen.getByTestId('approve-action-ok'));
    await waitFor(() =>
      expect(body('handleTask')).toEqual({ applyId: 'a1', taskId: 't1', realCurActivityName: '受理', action: 'delegate', userId: 'u9' }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/matters/todo'));
  });

  it('a race lost on the same step (409) asks to reload without claiming the step moved on', async () => {
    submitReply = { status: 409, body: { code: 409, success: false, data: null, msg: '任务已被他人处理' } };
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.click(await screen.findByTestId('opinion-btn-pass'));
    fireEvent.click(await screen.findByTestId('opinion-confirm'));
    expect(await screen.findByText('任务已被他人处理')).toBeTruthy();
    expect(await screen.findByText('办件已被他人处理或状态已变化，请刷新后再办理')).toBeTruthy();
    expect(screen.queryByTestId('opinion-bar')).toBeNull();
  });

  it('挂起 asks for the reason and sends it through handleTask', async () => {
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.click(await screen.findByTestId('action-suspend'));
    fireEvent.click(await screen.findByTestId('approve-action-ok'));
    expect(await screen.findByText('请填写理由')).toBeTruthy();
    fireEvent.change(screen.getByTestId('approve-action-reason'), { target: { value: '公示期' } });
    fireEvent.click(screen.getByTestId('approve-action-ok'));
    await waitFor(() =>
      expect(body('handleTask')).toEqual({ applyId: 'a1', taskId: 't1', realCurActivityName: '受理', action: 'suspend', reason: '公示期' }),
    );
    // 不予受理 is offered before acceptance (status SUBMITTED); 恢复 only once suspended.
    expect(screen.getByTestId('action-notAccept')).toBeTruthy();
    expect(screen.queryByTestId('action-resume')).toBeNull();
  });

  it('awaiting a supplement: the holder gets no step buttons, but files the materials and resumes', async () => {
    // The server answers canHandle false while the application is paused.
    applyStatus = 'AWAIT_SUPPLEMENT';
    task = { ...task, claimed: true, canHandle: false, canClaim: false };
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.click(await screen.findByTestId('action-resume'));
    expect(screen.queryByTestId('opinion-bar')).toBeNull();
    expect(screen.queryByTestId('action-supplement')).toBeNull();
    // the server takes no task action but 恢复 while paused: none other is offered
    expect(screen.queryByTestId('action-cc')).toBeNull();
    expect(screen.queryByTestId('action-delegate')).toBeNull();
    fireEvent.click(await screen.findByTestId('approve-action-ok'));
    await waitFor(() => expect(body('handleTask')).toEqual({ applyId: 'a1', taskId: 't1', realCurActivityName: '受理', action: 'resume' }));
    fireEvent.click(screen.getByText('申请材料'));
    expect(await screen.findByTestId('material-upload-m1-p1')).toBeTruthy();
  });

  it('a publicity period suspended the unclaimed task: a candidate resumes it early, then claims it and gets the buttons', async () => {
    // Entering the step suspended the application before anyone held the task; the server refuses its claim.
    applyStatus = 'SUSPENDED';
    task = { ...task, claimed: false, canClaim: true, canHandle: false };
    afterAction = () => {
      applyStatus = 'IN_PROGRESS';
    };
    afterClaim = () => {
      task = { ...task, claimed: true, canClaim: false, canHandle: true };
    };
    mountPage(<HandlePage />, path(), PATTERN);
    const resume = await screen.findByTestId('handle-resume');
    expect(screen.getByText('办件已挂起，恢复后才能签收办理')).toBeTruthy();
    expect(screen.queryByTestId('handle-claim')).toBeNull();
    expect(screen.queryByTestId('opinion-bar')).toBeNull();
    fireEvent.click(resume);
    fireEvent.click(await screen.findByTestId('approve-action-ok'));
    await waitFor(() => expect(body('handleTask')).toEqual({ applyId: 'a1', taskId: 't1', realCurActivityName: '受理', action: 'resume' }));
    expect(await screen.findByText('已恢复，请签收后办理')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('handle-claim'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('doClaim'))?.params).toEqual({ taskId: 't1' }));
    expect(await screen.findByTestId('opinion-btn-pass')).toBeTruthy();
    expect(screen.queryByTestId('handle-resume')).toBeNull();
  });

  it('the applicant tab shows the applicant and the family members; opinions are listed by step', async () => {
    mountPage(<HandlePage />, path(), PATTERN);
    fireEvent.click(await screen.findByText('申请信息'));
    expect(await screen.findByText('张小三')).toBeTruthy();
    fireEvent.click(screen.getByText('审批意见'));
    expect(await screen.findByText('已登记')).toBeTruthy();
  });
});

describe('read-only detail', () => {
  it('shows the form disabled and no buttons', async () => {
    mountPage(<HandleDetailPage />, path().replace('/matters/', '/todomat/'), PATTERN.replace('/matters/', '/todomat/'));
    expect(await screen.findByText('家庭月收入')).toBeTruthy();
    expect((screen.getByTestId('pf-note') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('opinion-bar')).toBeNull();
    expect(screen.queryByTestId('step-form-save')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('getCurBtns'))).toBe(false);
  });

  it('without the right to handle, the handling page only reads', async () => {
    buttons = [];
    mountPage(<HandlePage />, path(), PATTERN);
    expect(await screen.findByText('家庭月收入')).toBeTruthy();
    expect((screen.getByTestId('pf-note') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('opinion-bar')).toBeNull();
    expect(screen.queryByTestId('more-actions')).toBeNull();
  });

  it('reads in English after the switch', async () => {
    setLanguage('en');
    mountPage(<HandleDetailPage />, path().replace('/matters/', '/todomat/'), PATTERN.replace('/matters/', '/todomat/'));
    expect(await screen.findByText('Opinions')).toBeTruthy();
    expect(screen.getByText('Flow chart')).toBeTruthy();
    setLanguage('zh');
  });
});

describe('挂起审核', () => {
  const request = (canAudit: boolean) => ({
    id: 's1',
    reason: '需现场核查',
    requestedBy: 'u1',
    requestedByName: '科员甲',
    requestTime: '2026-11-03 10:00:00',
    canAudit,
  });

  it('the leader role rejects a request with a reason (required) or approves it', async () => {
    suspendRequest = request(true);
    task = { ...task, claimed: true, canHandle: false, canClaim: false };
    mountPage(<HandlePage />, path(), PATTERN);
    const alert = await screen.findByTestId('suspend-request');
    expect(alert.textContent).toContain('需现场核查（科员甲，2026-11-03 10:00:00）');
    fireEvent.click(within(alert).getByTestId('suspend-reject'));
    fireEvent.click(await screen.findByTestId('approve-action-ok'));
    expect(await screen.findByText('请填写理由')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/handleTask'))).toBe(false);
    fireEvent.change(screen.getByTestId('approve-action-reason'), { target: { value: '无需核查' } });
    fireEvent.click(screen.getByTestId('approve-action-ok'));
    await waitFor(() => expect(body('/handleTask')).toEqual({ applyId: 'a1', action: 'suspendReject', reason: '无需核查' }));
    fireEvent.click(within(await screen.findByTestId('suspend-request')).getByTestId('suspend-approve'));
    fireEvent.click(await screen.findByTestId('approve-action-ok'));
    await waitFor(() => expect(body('/handleTask')).toMatchObject({ applyId: 'a1', action: 'suspendApprove' }));
  });

  it('on the read-only page an approval leads back to the lists', async () => {
    suspendRequest = request(true);
    mountPage(<HandleDetailPage />, path().replace('/matters/', '/todomat/'), PATTERN.replace('/matters/', '/todomat/'));
    fireEvent.click(within(await screen.findByTestId('suspend-request')).getByTestId('suspend-approve'));
    fireEvent.click(await screen.findByTestId('approve-action-ok'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/matters/todo'));
    expect(body('/handleTask')).toMatchObject({ applyId: 'a1', action: 'suspendApprove' });
  });

  it('others see the request without the audit buttons', async () => {
    suspendRequest = request(false);
    mountPage(<HandlePage />, path(), PATTERN);
    const alert = await screen.findByTestId('suspend-request');
    expect(within(alert).queryByTestId('suspend-approve')).toBeNull();
    expect(within(alert).queryByTestId('suspend-reject')).toBeNull();
  });
});
