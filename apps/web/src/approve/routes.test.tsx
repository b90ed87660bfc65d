import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { setLanguage } from '../i18n/index.ts';
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
});
