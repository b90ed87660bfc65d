import { describe, expect, it, vi } from 'vitest';
import { decide, isChunkLoadError, reloadOnceForChunk, Throttle, VERSION_INTERVAL } from './version-check.ts';

describe('version check', () => {
  it('lets a check through at most once per 60 s', () => {
    const t = new Throttle();
    expect(VERSION_INTERVAL).toBe(60_000);
    expect(t.take(1_000)).toBe(true);
    expect(t.take(30_000)).toBe(false);
    expect(t.take(60_999)).toBe(false);
    expect(t.take(61_000)).toBe(true);
  });

  it('reloads for a must version, asks for another, does nothing for the same', () => {
    expect(decide({ version: '1.0.0', must: true }, '1.0.0')).toBe('none');
    expect(decide({ version: '1.1.0', must: true }, '1.0.0')).toBe('reload');
    expect(decide({ version: '1.1.0', must: false }, '1.0.0')).toBe('ask');
    expect(decide(undefined, '1.0.0')).toBe('none');
  });

  it('reloads once for a chunk load failure', () => {
    sessionStorage.clear();
    const reload = vi.fn();
    expect(isChunkLoadError({ name: 'ChunkLoadError' })).toBe(true);
    expect(isChunkLoadError({ code: 'CSS_CHUNK_LOAD_FAILED' })).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
    expect(reloadOnceForChunk(new Error('other'), reload)).toBe(false);
    expect(reloadOnceForChunk({ name: 'ChunkLoadError' }, reload)).toBe(true);
    expect(reloadOnceForChunk({ name: 'ChunkLoadError' }, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
