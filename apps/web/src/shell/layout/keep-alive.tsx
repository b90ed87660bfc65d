import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type Location, UNSAFE_LocationContext as LocationContext, NavigationType, useLocation, useOutlet } from 'react-router';
import { loadTabs, onTabRefresh, onTabsChange } from '../tabs.ts';

/** How many pages stay alive at most (the oldest hidden one goes first). */
const MAX_ALIVE = 12;

type Alive = { key: string; location: Location; element: ReactNode; version: number; node: HTMLDivElement };

const pageNode = (key: string) => {
  const node = document.createElement('div');
  node.className = 'shell-alive';
  node.dataset.key = key;
  return node;
};

/**
 * The shell's page area with keep-alive, as in Avue/BladeX tab consoles: a page whose tab is open
 * stays mounted while another is shown, so its search, results, page and scroll are there when the
 * user comes back. Each kept page sees the location it was opened at (not the current one), so it
 * does not turn into the page now shown. A page not shown is rendered into a node taken out of the
 * document (a portal), so nothing of it can be found, focused or read out while it waits. Closing a
 * tab drops its page; 刷新 remounts it.
 */
export function KeepAlive() {
  const location = useLocation();
  const outlet = useOutlet();
  const key = location.pathname + location.search;
  const [alive, setAlive] = useState<Alive[]>([]);
  const seq = useRef(0);
  // A page opened for the first time joins the kept ones at once (in this render, so it mounts once).
  let list = alive;
  if (!list.some((a) => a.key === key)) {
    const open = new Set(loadTabs().map((t) => t.key));
    const kept = list.filter((a) => open.has(a.key)).slice(-(MAX_ALIVE - 1));
    list = [...kept, { key, location, element: outlet, version: seq.current++, node: pageNode(key) }];
    setAlive(list);
  }
  const current = list.find((a) => a.key === key);

  useEffect(() => {
    const prune = () => {
      const open = new Set(loadTabs().map((t) => t.key));
      setAlive((list) => {
        const kept = list.filter((a) => open.has(a.key) || a.key === key);
        return kept.length === list.length ? list : kept;
      });
    };
    const refresh = (k: string) =>
      setAlive((list) => list.map((a) => (a.key === k ? { ...a, version: seq.current++, node: pageNode(k) } : a)));
    const offTabs = onTabsChange(prune);
    const offRefresh = onTabRefresh(refresh);
    return () => {
      offTabs();
      offRefresh();
    };
  }, [key]);

  // The shown page's node is the only one in the document.
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (current && host.current && host.current.firstChild !== current.node) host.current.replaceChildren(current.node);
  });

  return (
    <>
      <div ref={host} className="shell-alive-host" />
      {list.map((a) =>
        createPortal(
          <LocationContext.Provider value={{ location: a.location, navigationType: NavigationType.Pop }}>
            {a.element}
          </LocationContext.Provider>,
          a.node,
          `${a.key}#${a.version}`,
        ),
      )}
    </>
  );
}
