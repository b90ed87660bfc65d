import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/shell-texts.ts';
import { Providers } from '../../app/providers.tsx';
import { ok, on, stubNetwork } from '../../test/http-stub.ts';
import { AiPanel, runCommand } from './ai-panel.tsx';

const LONG = '这是一个很长的回答，需要一个字一个字地打出来，不会被下一个问题截断。';
const SECOND = '第二个回答也很长，要打好几秒才能打完，点击它就立即完整地显示出来。';

beforeEach(() => {
  stubNetwork([
    on('POST', '/api/dw-widgets/assistant/ask', (c) =>
      ok({ content: String(c.data).includes('second') ? SECOND : LONG, command: undefined }),
    ),
  ]);
});

const mount = () =>
  render(
    <Providers>
      <MemoryRouter>
        <AiPanel open onClose={() => {}} />
      </MemoryRouter>
    </Providers>,
  );

const ask = (q: string) => {
  fireEvent.change(screen.getByTestId('ai-input'), { target: { value: q } });
  fireEvent.click(screen.getByTestId('ai-send'));
};

describe('the assistant panel', () => {
  it('focuses the input, never truncates an answer when a new question comes, and shows an answer whole on a click', async () => {
    mount();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('ai-input')), { timeout: 5000 });
    ask('first');
    await screen.findByTestId('ai-show-all', {}, { timeout: 5000 }); // typing, 100 ms a character
    ask('second');
    await waitFor(() => expect(screen.getAllByTestId('ai-assistant')[0].textContent).toContain(LONG), { timeout: 5000 });
    fireEvent.click(await screen.findByTestId('ai-show-all', {}, { timeout: 5000 }));
    await waitFor(() => expect(screen.getAllByTestId('ai-assistant')[1].textContent).toContain(SECOND), { timeout: 2000 });
    expect(screen.queryByTestId('ai-show-all')).toBeNull();
  });

  it('opens a page the answer names', () => {
    const navigate = vi.fn();
    runCommand({ content: '', command: 'open_menu', path: '/system/post' }, navigate);
    runCommand({ content: '', command: 'open_menu', path: 'https://elsewhere.example' }, navigate);
    expect(navigate.mock.calls).toEqual([['/system/post']]);
  });
});
