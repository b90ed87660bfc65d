import { afterEach, describe, expect, it, vi } from 'vitest';
import { FreshCache } from './fresh-cache.ts';

/** A load the test settles by hand, counting how often it was called. */
function loader() {
  const calls: Array<(v: string) => void> = [];
  const load = () => new Promise<string>((resolve) => calls.push(resolve));
  return { load, calls };
}

describe('FreshCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one load between requests that miss together', async () => {
    const c = new FreshCache<string>(1000);
    const { load, calls } = loader();
    const a = c.get('k', load);
    const b = c.get('k', load);
    expect(calls).toHaveLength(1);
    calls[0]('v1');
    expect(await Promise.all([a, b])).toEqual(['v1', 'v1']);
    expect(await c.get('k', load)).toBe('v1');
    expect(calls).toHaveLength(1);
  });

  it('reloads in the background past half its life and never serves a value older than the limit', async () => {
    vi.useFakeTimers({ now: 0 });
    const c = new FreshCache<string>(1000);
    const { load, calls } = loader();
    const first = c.get('k', load);
    calls[0]('v1');
    await first;
    vi.setSystemTime(400);
    expect(await c.get('k', load)).toBe('v1');
    expect(calls).toHaveLength(1);
    // Past half its life: still served at once, while one reload starts.
    vi.setSystemTime(600);
    expect(await c.get('k', load)).toBe('v1');
    expect(await c.get('k', load)).toBe('v1');
    expect(calls).toHaveLength(2);
    // The reload has not answered and the value is now too old: callers wait for the reload.
    vi.setSystemTime(1000);
    const waiting = c.get('k', load);
    expect(calls).toHaveLength(2);
    calls[1]('v2');
    expect(await waiting).toBe('v2');
    // The new value counts its age from when its read started (600).
    vi.setSystemTime(1500);
    expect(await c.get('k', load)).toBe('v2');
    expect(calls).toHaveLength(3);
  });

  it('forgets at once, and a load under way when it forgot does not put its value back', async () => {
    const c = new FreshCache<string>(1000);
    const { load, calls } = loader();
    const first = c.get('k', load);
    c.delete('k');
    calls[0]('old');
    expect(await first).toBe('old');
    const next = c.get('k', load);
    expect(calls).toHaveLength(2);
    calls[1]('new');
    expect(await next).toBe('new');
    c.clear();
    const after = c.get('k', load);
    expect(calls).toHaveLength(3);
    calls[2]('newer');
    expect(await after).toBe('newer');
  });

  it('keeps nothing from a failed load, so the next request tries again', async () => {
    const c = new FreshCache<string>(1000);
    let n = 0;
    const load = async () => {
      n++;
      if (n === 1) throw new Error('database down');
      return 'v';
    };
    await expect(c.get('k', load)).rejects.toThrow('database down');
    expect(await c.get('k', load)).toBe('v');
    expect(n).toBe(2);
  });
});
