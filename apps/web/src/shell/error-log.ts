import { getStore, removeStore, setStore } from '../api/storage.ts';

// The local error log: uncaught errors and failed promises, kept in this
// browser until uploaded or cleared; the top bar's log viewer lists them.
export type LocalLog = { type: string; url: string; message: string; stack: string; time: string };

const KEY = 'errorLog';
const MAX = 200;
/** The badge shows at most 99. */
export const BADGE_MAX = 99;

const listeners = new Set<() => void>();
let cache: LocalLog[] | undefined;

export const getLogs = (): LocalLog[] => {
  cache ??= getStore<LocalLog[]>(KEY) ?? [];
  return cache;
};

export function onLogsChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const changed = (list: LocalLog[]) => {
  cache = list;
  if (list.length) setStore(KEY, list);
  else removeStore(KEY);
  for (const fn of listeners) fn();
};

const stamp = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

export function addLog(type: string, error: unknown, info = ''): void {
  const e = error as { message?: string; stack?: string } | null;
  const message = String(e?.message ?? error ?? '') + (info ? ` (${info})` : '');
  changed([...getLogs(), { type, url: window.location.href, message, stack: String(e?.stack ?? ''), time: stamp() }].slice(-MAX));
}

export const clearLogs = () => changed([]);

let installed = false;
/** Records what nothing else caught. */
export function installErrorLog(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (ev) => {
    if (ev.error || ev.message) addLog('error', ev.error ?? ev.message);
  });
  window.addEventListener('unhandledrejection', (ev) => {
    const r = ev.reason as { response?: unknown; name?: string } | undefined;
    // A refused call is already shown to the user by the request layer; it is not a front-end error.
    if (r && (r.name === 'RequestError' || r.response)) return;
    addLog('promise', ev.reason);
  });
}
