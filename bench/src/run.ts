// `npm run bench`: generates the data sets (once), measures every figure of docs/performance.md against baselines
// taken in the same run, prints a table and writes bench/results/<name>.json and <name>.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { type Options, parseArgs, usage } from './args.ts';
import { type ApproveFigures, approveReport, benchApprove } from './measure/approve.ts';
import { measureBundle } from './measure/bundle.ts';
import { benchDatabase, countStatements, type DbRun } from './measure/db-run.ts';
import { pickTool } from './measure/http-load.ts';
import { repoRoot } from './measure/servers.ts';
import { benchWorkflow, type WorkflowFigures, workflowReport } from './measure/workflow.ts';
import { type BenchResult, consoleReport, markdownReport, targetsOf } from './report.ts';

async function main() {
  if (process.argv.includes('--help')) {
    console.log(usage);
    return;
  }
  const o: Options = parseArgs(process.argv.slice(2), process.env);
  if (o.report || o.recount) {
    const name = (o.recount ?? o.report) as string;
    const dir = join(repoRoot, 'bench', 'results');
    const saved = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as BenchResult;
    if (o.recount) {
      for (const run of saved.runs) run.statements = await countStatements(run.db, o, (m) => console.log(m));
      saved.recounted = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(saved, null, 1)}\n`);
    }
    const result = { ...saved, targets: targetsOf(saved.runs, saved.bundle) };
    writeFileSync(join(dir, `${name}.md`), markdownReport(result));
    console.log(consoleReport(result));
    return;
  }
  const started = Date.now();
  const log = (m: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}`);
  if (o.workflowOnly) {
    await runWorkflow(o, log);
    return;
  }
  if (o.approveOnly) {
    await runApprove(o, log);
    return;
  }
  const tool = pickTool(o.tool);
  const loadBefore = loadavg();

  // The web build is CPU-heavy: done first, never during a load run.
  let bundle = null;
  if (!o.generateOnly) {
    log(o.build ? 'building the web app' : 'reading the web build in apps/web/dist');
    bundle = measureBundle(o.build);
  }
  const runs: DbRun[] = [];
  for (const db of o.dbs) {
    const r = await benchDatabase(db, o, tool, log);
    if (r) runs.push(r);
  }
  if (o.generateOnly) {
    log('data sets ready');
    return;
  }
  const result: BenchResult = {
    name: o.name,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    options: { ...o, pgUrl: o.pgUrl ? o.pgUrl.replace(/\/\/[^@/]*@/, '//…@') : undefined },
    tool,
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadBefore,
      loadAfter: loadavg(),
    },
    runs,
    bundle,
    targets: targetsOf(runs, bundle),
  };
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${o.name}.json`), `${JSON.stringify(result, null, 1)}\n`);
  writeFileSync(join(dir, `${o.name}.md`), markdownReport(result));
  console.log(consoleReport(result));
  log(`wrote bench/results/${o.name}.json and ${o.name}.md`);
  if (!o.generateOnly) await runWorkflow(o, log);
  if (!o.generateOnly) await runApprove(o, log);
}

/** The approval figures on each database, written to bench/results/<name>-approve.json. */
async function runApprove(o: Options, log: (m: string) => void) {
  const figures: ApproveFigures[] = [];
  for (const db of o.dbs) {
    const f = await benchApprove(db, { pgUrl: o.pgUrl, size: o.approve, signingRuns: o.quick ? 20 : 40 }, log);
    console.log(approveReport(f));
    figures.push(f);
  }
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  writeFileSync(join(dir, `${o.name}-approve.json`), `${JSON.stringify({ date, loadavg: loadavg(), figures }, null, 1)}\n`);
  log(`wrote bench/results/${o.name}-approve.json`);
}

/** The workflow figures on each database, written to bench/results/<name>-workflow.json. */
async function runWorkflow(o: Options, log: (m: string) => void) {
  const figures: WorkflowFigures[] = [];
  for (const db of o.dbs) {
    const f = await benchWorkflow(db, { pgUrl: o.pgUrl, seconds: o.seconds, size: o.workflow, races: o.workflow.races }, log);
    console.log(workflowReport(f));
    figures.push(f);
  }
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  writeFileSync(join(dir, `${o.name}-workflow.json`), `${JSON.stringify({ date, loadavg: loadavg(), figures }, null, 1)}\n`);
  log(`wrote bench/results/${o.name}-workflow.json`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
