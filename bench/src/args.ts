import { type DatasetSpec, fullSpec } from './generate/dataset.ts';

export type Options = {
  name: string;
  quick: boolean;
  /** Databases to measure, in order. */
  dbs: ('postgres' | 'pglite')[];
  pgUrl?: string;
  dataDir?: string;
  spec: DatasetSpec;
  /** Seconds of each closed-loop load at 64 clients (and of the sign-in runs). */
  seconds: number;
  /** Requests of each one-client series. */
  iterations: number;
  /** Times every load is repeated (medians are reported, the spread says how noisy they were). */
  repeat: number;
  tool?: string;
  build: boolean;
  generateOnly: boolean;
  /** Sign-ins per second in the burst, and the rate of list requests it is measured against. */
  signInRate: number;
  otherRate: number;
  /** Extra environment for the app server (experiments, e.g. LOG_LEVEL=warn). */
  appEnv: Record<string, string>;
  /** Re-render bench/results/<name>.md from its .json instead of measuring. */
  report?: string;
  /** Count the statements per request again (no load) into bench/results/<name>.json, then re-render. */
  recount?: string;
  /** Only the workflow figures (no data set, no HTTP load). */
  workflowOnly: boolean;
  /** Workflow data set: open tasks and history rows behind the todo list, and claim races. */
  workflow: { openTasks: number; history: number; races: number };
  /** Only the approval figures (todo list, handling, signed PDF). */
  approveOnly: boolean;
  /** Approval data set: applications in all, the handler's open ones, handlings timed. */
  approve: { total: number; open: number; handles: number };
};

export const usage = `npm run bench -- [options]
  --quick              short runs, no repeats (a few minutes once the data set exists)
  --db=pglite,postgres which databases (default: pglite, plus postgres when DATABASE_URL is set)
  --pg=<url>           PostgreSQL URL (default DATABASE_URL); the database is created when missing
  --data-dir=<dir>     PGlite data folder for the data set (default: a folder under the system temp dir)
  --users=N --logs=N   data set size (default 100 000 users, 1 000 000 API-log rows)
  --seed=<text>        data set seed (default ${fullSpec.seed})
  --seconds=N          length of each load run (default 10, quick 4)
  --iterations=N       requests per one-client series (default 2000, quick 500)
  --repeat=N           repeat every load run (default 3, quick 1)
  --tool=wrk|autocannon  load generator (default wrk when installed)
  --no-build           measure the web bundle already in apps/web/dist
  --generate-only      make the data sets and stop
  --app-env=K=V,K=V    extra environment for the app server (experiments, e.g. LOG_LEVEL=warn)
  --workflow           only the workflow figures (completions/s, todo-list p95, claim races)
  --wf-tasks=N --wf-history=N --wf-races=N
                       workflow data set (default 100 000 open tasks, 1 000 000 history rows, 100 races;
                       quick: 10 000, 100 000, 20)
  --approve            only the approval figures (todo-list p95, handle p95, signed PDF p95)
  --ap-total=N --ap-open=N --ap-handles=N
                       approval data set (default 1 000 000 applications, 10 000 of them the handler's,
                       200 handlings timed; quick: 100 000, 10 000, 100)
  --name=<name>        results file name (default latest, quick: quick)
  --report=<name>      only re-render results/<name>.md (and the console table) from results/<name>.json
  --recount=<name>     count the SQL statements per request again (in-process, no load) for the
                       databases of results/<name>.json, store them there and re-render`;

/** Command-line options (pure: the environment is passed in). */
export function parseArgs(argv: string[], env: Record<string, string | undefined> = {}): Options {
  const flags = new Map<string, string>();
  for (const a of argv) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`unknown argument ${a}\n${usage}`);
    flags.set(m[1], m[2] ?? 'true');
  }
  const known = [
    'quick',
    'db',
    'pg',
    'data-dir',
    'users',
    'logs',
    'seed',
    'seconds',
    'iterations',
    'repeat',
    'tool',
    'no-build',
    'generate-only',
    'name',
    'help',
    'sign-in-rate',
    'other-rate',
    'app-env',
    'report',
    'recount',
    'workflow',
    'wf-tasks',
    'wf-history',
    'wf-races',
    'approve',
    'ap-total',
    'ap-open',
    'ap-handles',
  ];
  for (const k of flags.keys()) if (!known.includes(k)) throw new Error(`unknown option --${k}\n${usage}`);
  const quick = flags.get('quick') === 'true';
  const num = (k: string, dflt: number) => {
    const v = flags.get(k);
    if (v === undefined) return dflt;
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${k} must be a positive number`);
    return n;
  };
  const pgUrl = flags.get('pg') ?? env.DATABASE_URL ?? undefined;
  const dbs = (flags.get('db') ?? (pgUrl ? 'postgres,pglite' : 'pglite')).split(',').map((d) => {
    const k = d.trim() === 'pg' ? 'postgres' : d.trim();
    if (k !== 'postgres' && k !== 'pglite') throw new Error(`--db: unknown database ${d}`);
    return k;
  });
  if (dbs.includes('postgres') && !pgUrl) throw new Error('measuring PostgreSQL needs DATABASE_URL or --pg=<url>');
  return {
    name: flags.get('name') ?? (quick ? 'quick' : 'latest'),
    quick,
    dbs,
    pgUrl,
    dataDir: flags.get('data-dir'),
    spec: { seed: flags.get('seed') ?? fullSpec.seed, users: num('users', fullSpec.users), logs: num('logs', fullSpec.logs) },
    seconds: num('seconds', quick ? 4 : 10),
    iterations: num('iterations', quick ? 500 : 2000),
    repeat: num('repeat', quick ? 1 : 3),
    tool: flags.get('tool'),
    build: flags.get('no-build') !== 'true',
    generateOnly: flags.get('generate-only') === 'true',
    signInRate: num('sign-in-rate', 20),
    otherRate: num('other-rate', 100),
    report: flags.get('report'),
    recount: flags.get('recount'),
    workflowOnly: flags.get('workflow') === 'true',
    workflow: {
      openTasks: num('wf-tasks', quick ? 10_000 : 100_000),
      history: num('wf-history', quick ? 100_000 : 1_000_000),
      races: num('wf-races', quick ? 20 : 100),
    },
    approveOnly: flags.get('approve') === 'true',
    approve: {
      total: num('ap-total', quick ? 100_000 : 1_000_000),
      open: num('ap-open', 10_000),
      handles: num('ap-handles', quick ? 100 : 200),
    },
    appEnv: Object.fromEntries(
      (flags.get('app-env') ?? '')
        .split(',')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    ),
  };
}
