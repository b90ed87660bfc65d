import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../shared/test-mount.tsx';
import { FollowPage } from './follow-page.tsx';

const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const row = {
  processInstanceId: '900',
  processDefinitionId: 'Leave:1:1',
  processDefinitionKey: 'Leave',
  processDefinitionName: '请假流程',
  processDefinitionVersion: 1,
  status: 'running',
};
const version = (id: string, v: number, key = 'Leave') => ({
  id,
  name: '请假流程',
  key,
  version: v,
  deploymentId: `d${v}`,
  suspensionState: 1,
});
let calls: Call[];
const migrate = () => calls.find((c) => c.url.endsWith('follow/migrate'));

beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-system/menu/buttons', ok([{ code: 'flow_follow', children: [{ code: 'flow_follow_migrate' }] }])),
    on('GET', '/api/blade-flow/follow/list', page([row])),
    // The same key's versions (the current one and a look-alike key are not offered).
    on('GET', '/api/blade-flow/manager/list', page([version('Leave:1:1', 1), version('Leave:2:2', 2), version('LeaveX:1:3', 1, 'LeaveX')])),
    on('POST', '/api/blade-flow/follow/migrate', ok(null)),
  ]);
});

describe('迁移版本', () => {
  it('offers the other versions of the same process and sends the chosen one with the step mapping', async () => {
    mountPage(<FollowPage />);
    fireEvent.click(await screen.findByTestId('follow-migrate'));
    fireEvent.click(await screen.findByTestId('migrate-ok'));
    expect(await screen.findByText('请选择目标版本')).toBeTruthy();
    const select = screen.getByTestId('migrate-target');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    fireEvent.click(await screen.findByText('请假流程 v2', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByText('添加对应'));
    fireEvent.change(await screen.findByPlaceholderText('原步骤编号'), { target: { value: 'hrAudit' } });
    fireEvent.change(screen.getByPlaceholderText('新步骤编号'), { target: { value: 'hrReview' } });
    fireEvent.click(screen.getByTestId('migrate-ok'));
    await waitFor(() =>
      expect(JSON.parse(String(migrate()?.data))).toEqual({
        processInstanceId: '900',
        processDefinitionId: 'Leave:2:2',
        mapping: { hrAudit: 'hrReview' },
      }),
    );
  });
});
