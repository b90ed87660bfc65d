import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { targetOf, WorkNoticeList } from './work-notices.tsx';

const open = {
  id: '1',
  title: '请假流程：部门经理审批',
  isRead: false,
  taskId: '7',
  taskStatus: 'open',
  formKey: '/work/process/leave/handle',
  processInstanceId: '9',
  businessId: '3',
};

describe('workflow messages in the bell', () => {
  it("lead to the open task's handling page, else to the work lists", () => {
    expect(targetOf(open)).toBe('/work/process/leave/handle/7/9/3');
    expect(targetOf({ ...open, formKey: undefined })).toBe('/work/todo');
    expect(targetOf({ ...open, taskStatus: 'completed' })).toBe('/work/done');
  });

  it("lead an application's (办件) message to its handling page for its handler, else to its read-only page", () => {
    const apply = {
      id: '2',
      title: '挂起待审核：困境儿童认定（入户调查评估）',
      isRead: false,
      taskId: '71',
      taskStatus: 'open',
      taskName: '入户调查评估',
      processInstanceId: '91',
      businessTable: 'biz_apply',
      businessId: '31',
      processIsFinished: false,
    };
    expect(targetOf({ ...apply, canHandle: true })).toBe(`/matters/fillref/detail/31/-/todo/${encodeURIComponent('入户调查评估')}`);
    expect(targetOf({ ...apply, canHandle: false })).toBe('/todomat/fillref/detail/31/-/done/-');
    expect(targetOf({ ...apply, canHandle: true, taskStatus: 'completed' })).toBe('/todomat/fillref/detail/31/-/done/-');
    expect(targetOf({ ...apply, taskStatus: 'cancelled', processIsFinished: true })).toBe('/donemat/fillref/detail/31/-/finish/-');
  });

  it('list the unread messages under their heading, and nothing when there are none', () => {
    const client = new QueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WorkNoticeList items={[open]} onOpen={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('work-notice-1').textContent).toContain('部门经理审批');
    rerender(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WorkNoticeList items={[]} onOpen={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('work-notice-list')).toBeNull();
  });
});
