import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers } from '../../app/providers.tsx';

/** Where the page navigated to, shown for the test to read. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders a workflow page at `path` (matched by `pattern`) with a fresh query cache. */
export function mountPage(node: ReactNode, path = '/', pattern = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={node} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}
