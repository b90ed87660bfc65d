// The user's menu as the server sends it (`menu/routes`), and the pure rules the shell applies to
// it: role restriction, frame entries, unique paths for paths with a query,
// leaves, search, the first leaf of a top item.

export type ServerMenu = {
  id: string;
  parentId?: string;
  code?: string;
  name: string;
  alias?: string;
  path?: string | null;
  source?: string | null;
  sort?: number;
  category?: number;
  isOpen?: number;
  /** Roles allowed to see the item (none: everyone). */
  roles?: string[] | string | null;
  children?: ServerMenu[];
};

export type MenuItem = {
  id: string;
  code: string;
  name: string;
  /** The path the shell routes to: unique, the query kept. */
  path: string;
  /** The path as configured (query included). */
  rawPath: string;
  /** Opens in the embedded frame page (an html page or an http address). */
  frame: boolean;
  /** isOpen 2: opens in a new window. */
  newWindow: boolean;
  icon?: string;
  children: MenuItem[];
};

export const FRAME_PREFIX = '/frame/';

const rolesOf = (r: ServerMenu['roles']): string[] =>
  (Array.isArray(r) ? r : typeof r === 'string' ? r.split(',') : []).map((x) => x.trim()).filter(Boolean);

/** Shown when unrestricted or one of the user's roles is listed. */
export function visibleTo(item: ServerMenu, userRoles: string[]): boolean {
  const allowed = rolesOf(item.roles);
  return allowed.length === 0 || allowed.some((r) => userRoles.includes(r));
}

export const isFrameLink = (path: string) => /^https?:\/\//i.test(path) || /\.html?(\?|#|$)/i.test(path);

/**
 * Builds the shell's menu: drops items the user's roles may not see, sends html pages and http
 * addresses to the frame page, and makes paths with a query unique by a numbered suffix on the
 * path part, keeping the query (`/a/b?x=1`, `/a/b?x=2` → `/a/b-1?x=1`, `/a/b-2?x=2`).
 */
export function buildMenu(nodes: ServerMenu[], userRoles: string[] = []): MenuItem[] {
  const counters = new Map<string, number>();
  const walk = (list: ServerMenu[]): MenuItem[] =>
    [...list]
      .filter((n) => visibleTo(n, userRoles) && (n.category ?? 1) === 1)
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
      .map((n) => {
        const rawPath = (n.path ?? '').trim();
        const frame = isFrameLink(rawPath);
        let path = rawPath;
        if (frame) path = `${FRAME_PREFIX}${n.id}`;
        else if (rawPath.includes('?')) {
          const [base, query] = [rawPath.slice(0, rawPath.indexOf('?')), rawPath.slice(rawPath.indexOf('?') + 1)];
          const n2 = (counters.get(base) ?? 0) + 1;
          counters.set(base, n2);
          path = `${base}-${n2}?${query}`;
        }
        return {
          id: String(n.id),
          code: n.code ?? String(n.id),
          name: n.name,
          path,
          rawPath,
          frame,
          newWindow: Number(n.isOpen) === 2,
          icon: n.source ?? undefined,
          children: walk(n.children ?? []),
        };
      });
  return walk(nodes);
}

/** Every leaf (an item without children), depth first. */
export function leaves(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.children.length ? leaves(i.children) : [i]));
}

/** Leaf items whose name starts with the typed text, ignoring case; nothing for empty text. */
export function searchMenu(items: MenuItem[], text: string): MenuItem[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return leaves(items).filter((i) => i.name.toLowerCase().startsWith(q));
}

/** The first leaf under an item (itself when it has no children). */
export function firstLeaf(item: MenuItem): MenuItem | undefined {
  return leaves([item])[0];
}

/** The path part of a menu path (no query). */
export const pathPart = (path: string) => path.split('?')[0];

/** The item a location belongs to: `menuId` wins, else the longest path that matches. */
export function activeItem(items: MenuItem[], pathname: string, menuId?: string | null): MenuItem | undefined {
  const all = flatten(items);
  if (menuId) {
    const byId = all.find((i) => i.id === menuId);
    if (byId) return byId;
  }
  let best: MenuItem | undefined;
  for (const i of all) {
    if (i.children.length) continue;
    const p = pathPart(i.path);
    if (!p) continue;
    if ((pathname === p || pathname.startsWith(`${p}/`)) && (!best || p.length > pathPart(best.path).length)) best = i;
  }
  return best;
}

export function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children)]);
}

/** The ancestors' ids of an item (to open the sidebar's groups). */
export function ancestorsOf(items: MenuItem[], id: string, trail: string[] = []): string[] | undefined {
  for (const i of items) {
    if (i.id === id) return trail;
    const found = ancestorsOf(i.children, id, [...trail, i.id]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The route a unique menu path stands for: its configured path (query included), so
 * `/a/b-2?x=2` opens what `/a/b?x=2` names.
 */
export function originalOf(items: MenuItem[], pathname: string): MenuItem | undefined {
  return flatten(items).find((i) => pathPart(i.path) === pathname);
}
