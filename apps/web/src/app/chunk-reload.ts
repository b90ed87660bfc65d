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
