import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError, reloadOnceForChunk, withChunkTimeout } from './chunk-reload.ts';

describe('chunk loading', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('waits 120 000 ms for a chunk, then fails it as a chunk error that reloads the page once', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const stalled = withChunkTimeout(new Promise(() => {}));
    const outcome = stalled.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await outcome;
    expect(isChunkLoadError(err)).toBe(true);
    const reload = vi.fn();
    expect(reloadOnceForChunk(err, reload)).toBe(true);
    expect(reloadOnceForChunk(err, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes a chunk that loads in time through', async () => {
    vi.useFakeTimers();
    await expect(withChunkTimeout(Promise.resolve({ Page: 'x' }))).resolves.toEqual({ Page: 'x' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
