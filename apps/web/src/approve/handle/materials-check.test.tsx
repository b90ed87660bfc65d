import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../../workflow/shared/test-mount.tsx';
import { MaterialsCheck } from './materials-check.tsx';

// 材料已核对 marks the step's required materials tab saved for the task, and nothing else.
let calls: Call[];
beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on(
      'GET',
      '/api/dw-biz-mzapprove/demoTodo/getAllNonDealPages',
      ok([
        { id: 'p1', pageTabname: '基本信息', pageTaburl: '/matter/handle/basic-info' },
        { id: 'p2', pageTabname: '申请材料', pageTaburl: '/matter/handle/materials' },
      ]),
    ),
    on('POST', '/api/dw-biz-mzapprove/demoApply/savePage', ok({ id: 'a1' })),
  ]);
});

describe('materials checked', () => {
  it('saves the materials tab of the task', async () => {
    mountPage(<MaterialsCheck at={{ applyId: 'a1', taskId: 't1', realCurActivityName: '受理' }} onError={() => {}} />);
    fireEvent.click(await screen.findByTestId('materials-save'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('savePage'))).toBe(true));
    const sent = calls.filter((c) => c.url.endsWith('savePage')).map((c) => JSON.parse(String(c.data)));
    expect(sent).toEqual([{ applyId: 'a1', taskId: 't1', pageIds: 'p2' }]);
  });
});
