import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getData } from '../api/request.ts';

type ButtonNode = { code?: string; children?: ButtonNode[] };

export const BUTTONS_URL = '/api/blade-system/menu/buttons';

/** Every button code in the answer of menu/buttons (menus with their granted buttons beneath). */
export function buttonCodes(nodes: ButtonNode[] | null | undefined, into = new Set<string>()): Set<string> {
  for (const n of nodes ?? []) {
    if (n.code) into.add(n.code);
    buttonCodes(n.children, into);
  }
  return into;
}

/**
 * The signed-in user's button permissions. `has(code)` is false
 * while they load, so a read-only user never sees write buttons flash; true when they cannot be
 * read: the buttons only hide what the server would refuse anyway, so an unknown answer must not
 * lock the screen.
 */
export function useButtonPermissions(): { loaded: boolean; has: (code?: string) => boolean } {
  const { data, isError } = useQuery({
    queryKey: ['menu-buttons'],
    queryFn: async () => buttonCodes(await getData<ButtonNode[]>(BUTTONS_URL, undefined, { meta: { silentCodes: 'all' } })),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return useMemo(
    () => ({ loaded: Boolean(data) || isError, has: (code?: string) => !code || (data ? data.has(code) : isError) }),
    [data, isError],
  );
}
