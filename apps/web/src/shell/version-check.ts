// Version check: on route changes, at most once per 60 s, against the server's version.
export const VERSION_INTERVAL = 60_000;

declare const __APP_VERSION__: string;
/** The version this build was made from (root package.json, embedded by Vite). */
export const clientVersion: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

/** Lets a check through at most once per interval. */
export class Throttle {
  private last = Number.NEGATIVE_INFINITY;
  constructor(private readonly interval = VERSION_INTERVAL) {}
  take(now = Date.now()): boolean {
    if (now - this.last < this.interval) return false;
    this.last = now;
    return true;
  }
}

export type ServerVersion = { version: string; must: boolean };

/** What to do with the server's answer: nothing, reload at once, or ask. */
export function decide(server: ServerVersion | undefined, mine = clientVersion): 'none' | 'reload' | 'ask' {
  if (!server?.version || server.version === mine) return 'none';
  return server.must ? 'reload' : 'ask';
}

export { isChunkLoadError, reloadOnceForChunk } from '../app/chunk-reload.ts';
