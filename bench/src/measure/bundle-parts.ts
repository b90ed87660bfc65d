// What each part of the web bundle costs: builds the app with source maps into a temporary folder,
// follows the Vite manifest to the JavaScript a route loads, and attributes every byte of it to the
// source module it came from (the way source-map-explorer does), grouped by package. Gzip sizes are
// each chunk's gzip size shared out in proportion to the bytes.
//   npx tsx bench/src/measure/bundle-parts.ts [--route=login|shell] [--top=40] [--split=antd,…] [--categories] [--no-build]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { repoRoot } from './servers.ts';

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const web = join(repoRoot, 'apps', 'web');

export const routes: Record<string, string[]> = {
  login: ['src/shell/login/login-page.tsx'],
  shell: ['src/shell/shell-layout.tsx', 'src/resources/resource-route.tsx'],
};

/** The group a source path belongs to: its npm package, or the app folder it lives in. */
export function groupOf(source: string, split: string[] = []): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (!split.includes(pkg)) return pkg;
    // one level deeper: antd/es/table, @ant-design/pro-field/es/components/…
    const inner = rest.slice(pkg.split('/').length).filter((x) => !['es', 'lib', 'dist', 'components'].includes(x));
    return `${pkg}/${inner[0] ?? ''}`;
  }
  const m = /(packages\/[^/]+|apps\/web\/src\/[^/]+)/.exec(source);
  return m ? m[1] : source.replace(/^(\.\.\/)+/, '');
}

/** Bytes of generated code per source file, from a chunk and its source map. */
export function bytesBySource(code: string, map: string): Map<string, number> {
  const consumer = new SourceMapConsumer(JSON.parse(map));
  const lines = code.split('\n');
  const out = new Map<string, number>();
  const marks: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping(
    (m) => marks.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
    null,
    SourceMapConsumer.GENERATED_ORDER,
  );
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i];
    const next = marks[i + 1];
    const end = next && next.line === m.line ? next.column : lines[m.line - 1].length;
    const key = m.source ?? '(no source)';
    out.set(key, (out.get(key) ?? 0) + Math.max(0, end - m.column));
  }
  return out;
}

/** Broad parts of the bundle, for the summary: which package belongs to which. */
export const categories: [string, RegExp][] = [
  ['React (react, react-dom, scheduler)', /^(react|react-dom|scheduler|use-sync-external-store)$/],
  ['react-router', /^react-router/],
  ['ProComponents (@ant-design/pro-*)', /^@ant-design\/pro-|^@chenshuai2144|^swr$|^safe-stable-stringify$|^lodash(-es)?$/],
  ['antd components', /^antd(\/|$)/],
  ['rc-* (the components under antd)', /^(rc-|@rc-component\/)/],
  [
    'antd styling, icons, colours',
    /^@ant-design\/|^@ctrl\/|^tinycolor2$|^stylis$|^@emotion\/|^classnames$|^resize-observer-polyfill$|^throttle-debounce$|^compute-scroll|^scroll-into-view|^copy-to-clipboard|^toggle-selection|^json2mq|^string-convert|^@babel\/runtime/,
  ],
  ['axios', /^axios$/],
  ['i18next, react-i18next', /i18next/],
  ['@tanstack/react-query', /^@tanstack\//],
  ['dayjs', /^dayjs$/],
  ['app code and definitions', /^(apps|packages)\/|^blueimp-md5$|^zod$/],
];

export function categoryOf(group: string): string {
  return categories.find(([, re]) => re.test(group))?.[0] ?? 'other (bundler glue, small packages)';
}

export function measureParts(dist: string, route: string[], split: string[] = []) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry) as string;
  const files = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const d of c.imports ?? []) visit(d);
  };
  visit(entry);
  for (const r of route) visit(r);
  const groups = new Map<string, { raw: number; gzip: number }>();
  let total = 0;
  for (const f of files) {
    const code = readFileSync(join(dist, f), 'utf8');
    const gz = gzipSync(code, { level: 9 }).length;
    total += gz;
    const mapFile = join(dist, `${f}.map`);
    const bytes = existsSync(mapFile) ? bytesBySource(code, readFileSync(mapFile, 'utf8')) : new Map([[f, code.length]]);
    const mapped = [...bytes.values()].reduce((s, v) => s + v, 0) || 1;
    for (const [source, n] of bytes) {
      const g = groupOf(source, split);
      const cur = groups.get(g) ?? { raw: 0, gzip: 0 };
      cur.raw += n;
      cur.gzip += (gz * n) / mapped;
      groups.set(g, cur);
    }
  }
  return { total, groups: [...groups.entries()].map(([name, v]) => ({ name, ...v })).sort((a, b) => b.gzip - a.gzip) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (k: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  const dist = join(tmpdir(), 'civdesk-bundle-parts');
  if (!process.argv.includes('--no-build')) {
    const res = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: web,
        stdio: 'inherit',
      },
    );
    if (res.status !== 0) process.exit(1);
  }
  const route = arg('route') ?? 'shell';
  const { total, groups } = measureParts(dist, routes[route], arg('split')?.split(',') ?? []);
  const top = Number(arg('top') ?? 40);
  console.log(`${route}: ${(total / 1024).toFixed(1)} KB gzip JS`);
  if (process.argv.includes('--categories')) {
    const by = new Map<string, number>();
    for (const g of groups) by.set(categoryOf(g.name), (by.get(categoryOf(g.name)) ?? 0) + g.gzip);
    for (const [name, gz] of [...by.entries()].sort((a, b) => b[1] - a[1]))
      console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${name}`);
    process.exit(0);
  }
  for (const g of groups.slice(0, top))
    console.log(`${(g.gzip / 1024).toFixed(1).padStart(7)} KB  ${(g.raw / 1024).toFixed(1).padStart(7)} KB raw  ${g.name}`);
}
