import { cloneElement, isValidElement, type ReactNode } from 'react';

/** Adds stable test ids to the search bar's own reset/search buttons (keys 'rest' and 'submit' in ProForm's Submitter). */
export function searchButtons(_config: unknown, _props: unknown, dom: ReactNode[]): ReactNode[] {
  return dom.map((el) => {
    if (!isValidElement(el)) return el;
    const id = el.key === 'rest' ? 'btn-reset' : el.key === 'submit' ? 'btn-search' : undefined;
    return id ? cloneElement(el as React.ReactElement<Record<string, unknown>>, { 'data-testid': id }) : el;
  });
}
