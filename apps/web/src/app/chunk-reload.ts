// A script or style chunk of an old build is gone after a deploy: reload once.
const RELOADED_KEY = 'civdesk-chunk-reload';

/** A script or style chunk failed to load (an old build's files are gone after a deploy). */
export function isChunkLoadError(e: unknown): boolean {
  const err = e as { name?: string; code?: string; message?: string } | null;
  if (!err) return false;
  return (
    err.name === 'ChunkLoadError' ||
    err.code === 'CSS_CHUNK_LOAD_FAILED' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      err.message ?? '',
    )
  );
}

/** Reloads once per page session for a chunk failure; true when it did. */
export function reloadOnceForChunk(e: unknown, reload = () => window.location.reload()): boolean {
  if (!isChunkLoadError(e)) return false;
  if (sessionStorage.getItem(RELOADED_KEY)) return false;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  reload();
  return true;
}

/** How long a route's chunk may take to load before it counts as failed (as the platform's clients wait). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A chunk load that gives up after `ms`: a stalled request (a proxy holding it, a dropped
 * connection) then fails like a missing chunk (reload once, else the error page) instead of
 * leaving the page spinning.
 */
export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`Loading chunk timed out after ${ms} ms`);
      err.name = 'ChunkLoadError';
      reject(err);
    }, ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}
