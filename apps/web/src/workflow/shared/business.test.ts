import { describe, expect, it } from 'vitest';
import { businessOf, detailPath, formPath, handlePath } from './business.ts';

describe('business forms of a process', () => {
  it('matches the leave form by form key, business table, definition key or category', () => {
    expect(businessOf({ formKey: '/work/process/leave/handle' })).toBe('leave');
    expect(businessOf({ businessTable: 'blade_process_leave' })).toBe('leave');
    expect(businessOf({ key: 'Leave' })).toBe('leave');
    expect(businessOf({ processDefinitionKey: 'leave' })).toBe('leave');
    expect(businessOf({ category: 'flow_1' })).toBe('leave');
    expect(businessOf({ key: 'expense', category: 'flow_2' })).toBeUndefined();
  });

  it('builds the start, handle and detail routes', () => {
    expect(formPath({ id: 'Leave:1:9', key: 'Leave', category: 'flow_1' })).toBe('/work/process/leave/form/Leave%3A1%3A9');
    expect(formPath({ id: 'x', key: 'expense', category: 'flow_2' })).toBeUndefined();
    const task = { taskId: 't1', processInstanceId: 'p1', businessId: 'b1', processDefinitionKey: 'Leave' };
    expect(handlePath(task)).toBe('/work/process/leave/handle/t1/p1/b1');
    expect(detailPath(task)).toBe('/work/process/leave/detail/p1/b1');
    expect(handlePath({ ...task, businessId: undefined })).toBeUndefined();
  });
});
