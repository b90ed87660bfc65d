import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SPEED, typeOut } from './typing.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('typing effect', () => {
  it('shows one more character every 100 ms, then says it is done', () => {
    const seen: string[] = [];
    const done = vi.fn();
    typeOut('你好ab', (s) => seen.push(s), done);
    expect(TYPING_SPEED).toBe(100);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['你']);
    vi.advanceTimersByTime(200);
    expect(seen).toEqual(['你', '你好', '你好a']);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(seen.at(-1)).toBe('你好ab');
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(4);
  });

  it('can be stopped, and finishes at once for an empty text', () => {
    const seen: string[] = [];
    const stop = typeOut('abc', (s) => seen.push(s));
    vi.advanceTimersByTime(100);
    stop();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a']);
    const done = vi.fn();
    typeOut('', () => {}, done);
    expect(done).toHaveBeenCalled();
  });
});
