import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { categoryOf, measureParts, routes } from './bundle-parts.ts';
import { repoRoot } from './servers.ts';

/** gzip is what the budgets count; br is what the server sends a browser that accepts brotli. */
export type BundleRow = { name: string; files: number; raw: number; gzip: number; br?: number; target?: number; limit?: number };
/** gzip bytes of the shell + first list page by broad part (React, antd, ProComponents, …). */
export type BundlePart = { name: string; gzip: number };
export type Bundle = {
  budgets: BundleRow[];
  later: BundleRow[];
  built: boolean;
  parts?: BundlePart[];
  /**
   * The floors of the shell + first list line, built in the same run with the app's build settings
   * (bench/floor/): the least an antd list console loads, that with the app's libraries, and that
   * with ProTable.
   */
  floors?: BundlePart[];
};

export const floorPages = [
  { page: 'antd-list', name: 'React + antd list page (menu, search bar, table)' },
  { page: 'libs-list', name: 'the same with router, i18next, react-query, axios, dayjs' },
  { page: 'pro-list', name: 'the same with ProTable (the stack the app uses)' },
];

function vite(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', ...args],
    {
      cwd: web,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (res.status !== 0) throw new Error('vite build failed');
}

const web = join(repoRoot, 'apps', 'web');

/** Builds one floor page (bench/floor/) into a temporary folder; returns the folder. */
export function buildFloor(page: string): string {
  const out = join(tmpdir(), `civdesk-floor-${page}`);
  vite(['--config', join(repoRoot, 'bench', 'floor', 'vite.config.ts')], { FLOOR: page, FLOOR_OUT: out });
  return out;
}

/**
 * Builds the web app (unless told not to) and reads the gzip size of the JavaScript each route
 * loads from the build's own budget script, which also fails the build above the budgets.
 */
export function measureBundle(build: boolean): Bundle {
  let parts: BundlePart[] | undefined;
  let floors: BundlePart[] | undefined;
  if (build) {
    vite([]);
    // a second build with source maps, outside dist/, to share the bytes out by package
    const maps = join(tmpdir(), 'civdesk-bundle-parts');
    vite(['--sourcemap', '--outDir', maps, '--emptyOutDir']);
    const by = new Map<string, number>();
    for (const g of measureParts(maps, routes.shell).groups) by.set(categoryOf(g.name), (by.get(categoryOf(g.name)) ?? 0) + g.gzip);
    parts = [...by.entries()].map(([name, gzip]) => ({ name, gzip })).sort((a, b) => b.gzip - a.gzip);
    floors = floorPages.map(({ page, name }) => ({ name, gzip: measureParts(buildFloor(page), []).total }));
  }
  let out: string;
  try {
    out = execFileSync(process.execPath, [join(web, 'scripts', 'check-budgets.mjs'), '--json'], { cwd: web, encoding: 'utf8' });
  } catch (e) {
    // over budget: the script still printed the sizes before failing
    out = String((e as { stdout?: string }).stdout ?? '');
  }
  const parsed = JSON.parse(out.trim().split('\n').at(-1) as string);
  return { ...parsed, built: build, parts, floors };
}
