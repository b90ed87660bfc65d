import { screens } from '@civdesk/resources';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { screenComponents } from './screen-components.ts';
import { ScreenRoute } from './screen-route.tsx';

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScreenRoute fallback={<p>fallback</p>} pages={{ '/work/todo': () => <p>todo page</p> }} />
    </MemoryRouter>,
  );

describe('declared screens', () => {
  it('each has a page registered at its menu path', () => {
    const missing = screens.filter((s) => !screenComponents[s.menu.path]).map((s) => s.menu.path);
    expect(missing).toEqual([]);
  });

  it('opens the page at its path (a trailing slash too), anything else falls through', async () => {
    at('/work/todo/');
    expect(await screen.findByText('todo page')).toBeTruthy();
  });

  it('falls through to the resource and menu routes for other paths', async () => {
    at('/system/post');
    expect(await screen.findByText('fallback')).toBeTruthy();
  });
});
