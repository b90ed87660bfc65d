import { describe, expect, it } from 'vitest';
import type { DbRun } from './measure/db-run.ts';
import type { LoadResult } from './measure/http-load.ts';
import { agg, targetsOf, unboundedCounts } from './report.ts';

const lr = (p50: number, p99: number, rps: number): LoadResult => ({
  n: 1,
  p50,
  p99,
  mean: p50,
  max: p99,
  rps,
  errors: 0,
  tool: 'wrk',
  connections: 64,
  seconds: 1,
});
const series = (c1: LoadResult, c64: LoadResult) => ({ c1: [c1], c64: [c64] });

function run(db: 'postgres' | 'pglite', appList64: LoadResult): DbRun {
  const plan = {
    statements: 2,
    waves: [
      [
        { sql: 'select 1 limit 20', params: [] },
        { sql: 'explain select 1', params: [] },
      ],
    ],
  };
  return {
    db,
    version: db,
    dataset: { seconds: 1, tenants: 3, depts: 1, users: 1, logs: 1, regions: 1, generatedNow: false, prepareSeconds: 1 },
    requests: { list: '', detail: '', deep: '' },
    listAnswer: { total: 1, approximate: true, records: 20 },
    statements: [{ request: 'x', statements: 2, approximate: true, total: 1 }],
    plans: { list: plan, detail: plan, deep: plan },
    results: {
      list: {
        sql: series(lr(0.5, 1, 2000), lr(20, 40, 3000)),
        bare: series(lr(1, 2, 1000), lr(30, 60, 2000)),
        app: series(lr(2, 3, 500), appList64),
      },
      detail: {
        sql: series(lr(0.2, 1, 5000), lr(5, 9, 9000)),
        bare: series(lr(0.5, 1, 2000), lr(8, 15, 7000)),
        app: series(lr(1, 2, 900), lr(9, 20, 6000)),
      },
      deep: {
        sql: series(lr(10, 12, 90), lr(0, 0, 0)),
        bare: series(lr(11, 13, 85), lr(0, 0, 0)),
        app: series(lr(12, 150, 80), lr(0, 0, 0)),
      },
    },
    signIn: {
      clients: 4,
      max: [lr(30, 60, 40)],
      rate: 20,
      otherRate: 100,
      baseline: [lr(2, 10, 100)],
      during: [lr(2, 11, 100)],
      burst: [lr(30, 60, 20)],
      loopAlone: [{ p50: 10, p99: 12, max: 20 }],
      loopDuring: [{ p50: 10, p99: 13, max: 25 }],
    },
    memory: { idleMb: [100], peakMb: [200], afterMb: [120] },
    warmStartMs: [1000],
    coldStartMs: [3000],
  };
}

describe('targets', () => {
  it('judges the PostgreSQL lines from the run', () => {
    const t = targetsOf([run('postgres', lr(40, 90, 1500))], null);
    const by = (id: string) => t.find((x) => x.id === id);
    expect(by('list-p99')).toMatchObject({ value: 90, verdict: 'pass' });
    expect(by('list-share')).toMatchObject({ value: 75, verdict: 'pass' });
    expect(by('overhead-list')).toMatchObject({ value: 1.5, verdict: 'pass' });
    expect(by('deep')).toMatchObject({ value: 150, verdict: 'short' });
    expect(by('sign-in')?.value).toBeCloseTo(10);
    expect(by('sign-in')?.verdict).toBe('pass');
    expect(by('statements')).toMatchObject({ value: 2, verdict: 'pass' });
    expect(by('count')).toMatchObject({ value: 0, verdict: 'pass' });
  });

  it('holds the embedded database to its own line and reads the bundle', () => {
    const bundle = {
      built: true,
      later: [],
      budgets: [
        { name: 'login', files: 1, raw: 1, gzip: 150 * 1024 },
        { name: 'shell + first list', files: 1, raw: 1, gzip: 400 * 1024 },
      ],
    };
    const t = targetsOf([run('pglite', lr(100, 250, 600))], bundle);
    expect(t.find((x) => x.id === 'embedded-p99')).toMatchObject({ value: 250, verdict: 'short' });
    expect(t.find((x) => x.id === 'login-js')).toMatchObject({ value: 150, verdict: 'pass' });
    expect(t.find((x) => x.id === 'shell-js')).toMatchObject({ value: 400, verdict: 'short' });
    expect(t.find((x) => x.id === 'shell-js')?.note).not.toContain('floors');
    expect(t.find((x) => x.id === 'shell-js-stack')).toBeUndefined(); // no floors built, no ratio
  });

  it('sets the shell line beside the floor pages built in the same run', () => {
    const bundle = {
      built: true,
      later: [],
      budgets: [{ name: 'shell + first list', files: 1, raw: 1, gzip: 590 * 1024, limit: 610 * 1024 }],
      floors: [
        { name: 'antd page', gzip: 272.6 * 1024 },
        { name: 'with ProTable', gzip: 420.9 * 1024 },
      ],
    };
    const shell = targetsOf([], bundle).find((x) => x.id === 'shell-js');
    expect(shell).toMatchObject({ value: 590, verdict: 'short' });
    expect(shell?.note).toBe(
      'floors in the same run: antd page 273 KB, with ProTable 421 KB; the stack the app uses is above the line on its own; the build fails above 610 KB; breakdown by part below',
    );
    // what the product adds on top of the stack it is built on (the last floor), as a same-run ratio
    expect(targetsOf([], bundle).find((x) => x.id === 'shell-js-stack')).toMatchObject({ limit: 25, unit: '%', verdict: 'short' });
    expect(targetsOf([], bundle).find((x) => x.id === 'shell-js-stack')?.value).toBeCloseTo((590 / 420.9 - 1) * 100, 6);
    const lean = { ...bundle, budgets: [{ ...bundle.budgets[0], gzip: 500 * 1024 }] };
    expect(targetsOf([], lean).find((x) => x.id === 'shell-js-stack')).toMatchObject({ verdict: 'pass' });
    expect(targetsOf([], lean).find((x) => x.id === 'shell-js-stack')?.note).toBe(
      "500 KB against 421 KB for with ProTable: 79 KB are the product's own",
    );
    const light = { ...bundle, floors: [{ name: 'a lighter stack', gzip: 300 * 1024 }] };
    expect(targetsOf([], light).find((x) => x.id === 'shell-js')?.note).not.toContain('on its own');
    // with the build's brotli copies, what the server sends is named beside the line's gzip figure
    const served = { ...bundle, budgets: [{ ...bundle.budgets[0], br: 512.4 * 1024 }] };
    expect(targetsOf([], served).find((x) => x.id === 'shell-js')?.note).toContain(
      '421 KB; the stack the app uses is above the line on its own; as served to a browser that accepts brotli: 512 KB; the build fails above 610 KB',
    );
  });

  it('holds later screens to the common line and names chunks with a limit of their own', () => {
    const KB = 1024;
    const row = (name: string, gzip: number, limit: number) => ({
      name,
      files: 1,
      raw: 1,
      gzip: gzip * KB,
      target: limit * KB,
      limit: limit * KB,
    });
    const bundle = {
      built: true,
      budgets: [],
      later: [row('lazy-extras', 111, 120), row('src/crud/resource-form.tsx', 45.8, 60), row('src/shell/welcome-page.tsx', 15, 60)],
    };
    const later = targetsOf([], bundle).find((x) => x.id === 'later-js');
    expect(later).toMatchObject({ value: 45.8, limit: 60, verdict: 'pass' });
    expect(later?.note).toContain('crud/resource-form.tsx');
    expect(later?.note).toContain('lazy-extras (not a screen) 111.0 KB, limit 120 KB');
    bundle.later.push(row('../../node_modules/bpmn-js/lib/NavigatedViewer.js', 61, 60));
    expect(targetsOf([], bundle).find((x) => x.id === 'later-js')).toMatchObject({ value: 61, verdict: 'short' });
  });

  it('sets the sign-in rise beside what the same hashing outside the server does', () => {
    const r = run('postgres', lr(40, 90, 1500));
    expect(targetsOf([r], null).find((x) => x.id === 'sign-in')?.note).not.toContain('outside');
    r.signIn.outside = [lr(2, 12, 100)];
    expect(targetsOf([r], null).find((x) => x.id === 'sign-in')?.note).toContain('the same hashing outside the server: 12.0 ms (20 %)');
  });

  it('shows how far the 64-client p99 moved between repetitions, once there are several', () => {
    const r = run('postgres', lr(40, 90, 1500));
    expect(targetsOf([r], null).find((x) => x.id === 'list-p99')?.note).not.toContain('repetitions');
    r.results.list.app.c64 = [lr(40, 90, 1500), lr(45, 130, 1400), lr(42, 80, 1450)];
    r.results.list.bare.c64 = [lr(30, 60, 2000), lr(31, 75, 1900)];
    const t = targetsOf([r], null).find((x) => x.id === 'list-p99');
    expect(t).toMatchObject({ value: 90, verdict: 'pass' });
    expect(t?.note).toContain('p99 of the 3 repetitions: app 80–130 ms, bare route 60–75 ms; floors in the same run');
  });

  it('finds a count(*) without a LIMIT in its statement', () => {
    expect(unboundedCounts(['select count(*)::int as n from (select 1 from t limit 10001) c', 'explain select 1'])).toBe(0);
    expect(unboundedCounts(['select count(*) from t where a = $1'])).toBe(1);
  });

  it('aggregates repeated runs by median', () => {
    expect(agg([lr(1, 5, 100), lr(2, 6, 120), lr(3, 7, 80)])).toMatchObject({ p50: 2, p99: 6, rps: 100, runs: 3 });
  });
});
