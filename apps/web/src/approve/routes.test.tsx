import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { setLanguage } from '../i18n/index.ts';
import { WorkNoticeList } from '../shell/notices/work-notices.tsx';
import { ok, on, stubNetwork } from '../test/http-stub.ts';
import { WorkflowRoutes } from '../workflow/routes.tsx';

const gone = { status: 404, body: { code: 404, success: false, data: null, msg: '办件不存在' } };

const at = (path: string) =>
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <WorkflowRoutes fallback={<p>fallback</p>} />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );

beforeEach(() => {
  resetWebConfig();
  setLanguage('zh');
  stubNetwork([on('GET', '/api/dw-biz-mzapprove/demoApply/getCurrent', gone), on('GET', '/api/blade-system/menu/buttons', ok([]))]);
});

describe('approval pages opened from a list', () => {
  it.each([
    ['/matters/fillref/detail/a1/%E4%BA%8B%E9%A1%B9/todo/%E5%8F%97%E7%90%86'],
    ['/todomat/fillref/detail/a1/%E4%BA%8B%E9%A1%B9/done/%E5%8F%97%E7%90%86'],
    ['/donemat/fillref/detail/a1/%E4%BA%8B%E9%A1%B9/finish/%E5%8F%97%E7%90%86'],
  ])('%s opens the handling page of the application in the address', async (path) => {
    at(path);
    expect(await screen.findByText('办件不存在或无权查看')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('the launch form has its route; without a matter it says where to choose one', async () => {
    at('/matters/launch/detail/0/%E4%BA%8B%E9%A1%B9/MZ001/0');
    expect(await screen.findByText('未指定申报的事项，请从事项申报中选择')).toBeTruthy();
  });

  it('a path with a missing part falls through', async () => {
    at('/matters/fillref/detail/a1');
    expect(await screen.findByText('fallback')).toBeTruthy();
  });

  it("a suspension-audit message in the bell opens the application's page with the request to audit", async () => {
    const request = { id: 's1', reason: '需现场核查', requestedBy: 'u1', requestedByName: '李社工', requestTime: '2026-11-02 10:00:00' };
    const calls = stubNetwork([
      on('POST', '/api/blade-flow/work/notice-read', ok(1)),
      on(
        'GET',
        '/api/dw-biz-mzapprove/demoApply/getCurrent',
        ok({
          apply: { id: 'a1', itemName: '困境儿童认定', status: 'IN_PROGRESS', realCurActivityName: '入户调查评估' },
          members: [],
          tasks: [],
          suspendRequest: { ...request, canAudit: true },
        }),
      ),
      on('GET', '/api/blade-system/menu/buttons', ok([])),
    ]);
    const notice = {
      id: 'n1',
      title: '挂起待审核：困境儿童认定（入户调查评估）',
      isRead: false,
      taskId: '7',
      taskStatus: 'open',
      taskName: '入户调查评估',
      processInstanceId: '9',
      businessTable: 'biz_apply',
      businessId: 'a1',
      processIsFinished: false,
      canHandle: false,
    };
    render(
      <Providers>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/']}>
            <WorkNoticeList items={[notice]} onOpen={() => {}} />
            <WorkflowRoutes fallback={<p>fallback</p>} />
          </MemoryRouter>
        </QueryClientProvider>
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('work-notice-n1'));
    // The auditor is not the task's handler: the read-only page, titled by the application's matter.
    expect(await screen.findByTestId('approve-detail-page')).toBeTruthy();
    expect((await screen.findByTestId('suspend-request')).textContent).toContain('需现场核查');
    expect(screen.getByTestId('handle-header').textContent).toContain('困境儿童认定');
    expect(calls.some((c) => c.url === '/api/dw-biz-mzapprove/demoApply/getCurrent' && c.params.applyId === 'a1')).toBe(true);
  });
});
