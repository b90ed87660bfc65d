import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { groupWaves, judge, median, percentile, ratio, spread, summarize } from './stats.ts';

describe('percentile', () => {
  it('is nearest-rank: always a measured value', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(v, 50)).toBe(50);
    expect(percentile(v, 99)).toBe(99);
    expect(percentile(v, 100)).toBe(100);
    expect(percentile(v, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
  });

  it('summarizes latencies over a run', () => {
    const s = summarize([3, 1, 2, 10], 2);
    expect(s).toMatchObject({ n: 4, p50: 2, p99: 10, max: 10, rps: 2 });
    expect(s.mean).toBe(4);
  });
});

describe('ratios, spreads, verdicts', () => {
  it('divides safely', () => {
    expect(ratio(1, 2)).toBe(0.5);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 2)).toBeNaN();
  });

  it('measures how far repeated runs are apart', () => {
    expect(spread([100])).toBe(0);
    expect(spread([90, 100, 110])).toBeCloseTo(0.2);
    expect(median([5, 1, 3])).toBe(3);
  });

  it('judges a target pass, short or n/a', () => {
    expect(judge({ id: 'a', what: '', value: 80, op: '<=', limit: 100, unit: 'ms' }).verdict).toBe('pass');
    expect(judge({ id: 'a', what: '', value: 100, op: '<=', limit: 100, unit: 'ms' }).verdict).toBe('pass');
    expect(judge({ id: 'a', what: '', value: 101, op: '<=', limit: 100, unit: 'ms' }).verdict).toBe('short');
    expect(judge({ id: 'b', what: '', value: 59.9, op: '>=', limit: 60, unit: '%' }).verdict).toBe('short');
    expect(judge({ id: 'b', what: '', value: Number.NaN, op: '>=', limit: 60, unit: '%' }).verdict).toBe('n/a');
  });

  it('groups recorded statements into the waves they ran in', () => {
    const w = groupWaves([
      { wave: 1, sql: 'a' },
      { wave: 1, sql: 'b' },
      { wave: 2, sql: 'c' },
    ]);
    expect(w.map((x) => x.map((s) => s.sql))).toEqual([['a', 'b'], ['c']]);
  });
});

describe('parseArgs', () => {
  it('defaults to the full run on the embedded database', () => {
    const o = parseArgs([]);
    expect(o).toMatchObject({ name: 'latest', quick: false, dbs: ['pglite'], repeat: 3, build: true });
    expect(o.spec).toMatchObject({ users: 100_000, logs: 1_000_000 });
  });

  it('adds PostgreSQL when DATABASE_URL is set, and has a quick mode', () => {
    const o = parseArgs(['--quick'], { DATABASE_URL: 'postgres://x/y' });
    expect(o).toMatchObject({ name: 'quick', quick: true, dbs: ['postgres', 'pglite'], pgUrl: 'postgres://x/y', repeat: 1 });
    expect(parseArgs(['--db=pg', '--pg=postgres://a/b', '--logs=1_000', '--no-build'])).toMatchObject({
      dbs: ['postgres'],
      build: false,
      spec: { logs: 1000 },
    });
  });

  it('refuses unknown options and PostgreSQL without a URL', () => {
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option/);
    expect(() => parseArgs(['--db=postgres'])).toThrow(/DATABASE_URL/);
    expect(() => parseArgs(['--users=-1'])).toThrow(/positive/);
  });
});
