import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../shared/test-mount.tsx';
import { ManagerPage } from './manager-page.tsx';
import { deployable } from './upload-dialog.tsx';

const leave = { id: 'Leave:1:1', name: '请假流程', key: 'Leave', category: 'flow_1', version: 1, deploymentId: 'd1', suspensionState: 1 };
let calls: Call[];
const deletes = () => calls.filter((c) => c.url.endsWith('delete-deployment'));

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-flow/manager/list', ok({ records: [leave], total: 1, size: 10, current: 1, pages: 1 })),
    on('POST', '/api/blade-flow/manager/change-state', ok(null)),
    on('POST', '/api/blade-flow/manager/delete-deployment', (c) =>
      String(c.params.cascade) === 'true'
        ? ok(null)
        : { status: 400, body: { code: 400, success: false, msg: '该流程存在运行中的实例，不能删除' } },
    ),
    on('GET', '/api/blade-system/dict/dictionary', ok([])),
  ]);
});

describe('deployments', () => {
  it('suspends an active definition', async () => {
    mountPage(<ManagerPage />);
    fireEvent.click(await screen.findByTestId('manager-state'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('change-state'))?.params).toEqual({ processId: 'Leave:1:1', state: 'suspend' }),
    );
  });

  it('a deployment with running instances is deleted only when the user agrees to cascade', async () => {
    mountPage(<ManagerPage />);
    fireEvent.click(await screen.findByTestId('manager-delete'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    expect(await screen.findByText(/该流程存在运行中的实例，不能删除。是否连同运行中的实例一并删除/)).toBeTruthy();
    expect(deletes().map((c) => c.params)).toEqual([{ deploymentIds: 'd1', cascade: false }]);
    fireEvent.click(screen.getByTestId('cascade-ok'));
    await waitFor(() => expect(deletes().at(-1)?.params).toEqual({ deploymentIds: 'd1', cascade: true }));
  });

  it('takes .bpmn and .bpmn20.xml files up to 5 MB', () => {
    expect(deployable({ name: 'leave.bpmn', size: 10 })).toBe(true);
    expect(deployable({ name: 'leave.bpmn20.xml', size: 10 })).toBe(true);
    expect(deployable({ name: 'leave.xml', size: 10 })).toBe(false);
    expect(deployable({ name: 'big.bpmn', size: 6 * 1024 * 1024 })).toBe(false);
  });
});
