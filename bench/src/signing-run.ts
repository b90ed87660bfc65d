// `npx tsx bench/src/signing-run.ts`: the signing figure (PDF generation of a two-page signed form,
// target ≤ 300 ms p95) beside its floor, printed and written to bench/results/signing.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './measure/servers.ts';
import { benchSigning } from './measure/signing.ts';
import { fmt } from './stats.ts';

const TARGET_MS = 300;
const f = await benchSigning(Number(process.env.SIGNING_RUNS ?? 40));
const verdict = f.p95 <= TARGET_MS ? 'pass' : 'short';
console.log(
  `two-page signed form (${f.pages} pages, ${f.runs} runs): p50 ${fmt(f.p50)} ms, p95 ${fmt(f.p95)} ms (target ≤ ${TARGET_MS} ms: ${verdict})`,
);
console.log(`floor, rendering the same pages alone: p50 ${fmt(f.floorP50)} ms, p95 ${fmt(f.floorP95)} ms`);
const dir = join(repoRoot, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, 'signing.json'),
  `${JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), target: TARGET_MS, verdict, figures: f }, null, 1)}\n`,
);
