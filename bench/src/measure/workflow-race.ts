// The workflow bench's claim race across two OS processes: this one and a second server copy (its
// own pool, runtime and task commands) on the same PostgreSQL database, both claiming one task at a
// wall-clock moment the parent names. Run as a script, this file is that second copy: it reads
// `<taskId> <at>` lines on stdin, claims the task at `at` (ms since the epoch) and answers one line
// each, `ok`, `409` or `error <message>`.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDb } from '@civdesk/db';
import { type Caller, systemCaller } from '../../../apps/server/src/core/caller.ts';
import { WorkflowRuntime } from '../../../apps/server/src/modules/workflow/runtime.ts';
import { TaskCommands } from '../../../apps/server/src/modules/workflow/tasks.ts';

export const BENCH_TENANT = '100001';

/** A signed-in caller of the bench tenant holding every grant (the server's own caller for jobs, named). */
export const benchCaller = (userId: string, roleAliases: string[] = []): Caller => ({
  ...systemCaller(BENCH_TENANT, userId),
  account: `u${userId}`,
  userName: `u${userId}`,
  deptIds: [],
  roleAliases,
  clientId: 'bench',
  sessionId: 'bench',
});

/** Resolves at a wall-clock time (ms since the epoch). */
export const until = (at: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, at - Date.now())));

/** A claim's outcome as the race counts it. */
export async function claimOutcome(claim: Promise<unknown>): Promise<string> {
  try {
    await claim;
    return 'ok';
  } catch (e) {
    const status = (e as { status?: number }).status;
    return status === 409 ? '409' : `error ${status ?? ''} ${(e as Error).message}`.replace(/\s+/g, ' ');
  }
}

/** The second process: started with the database URL and time zone, answering claims until stdin ends. */
export class OtherCopy {
  private readonly waiting: ((line: string) => void)[] = [];
  private constructor(private readonly child: ChildProcess) {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (l) => this.waiting.shift()?.(l));
  }

  static async start(pgUrl: string, tz: string): Promise<OtherCopy> {
    // The same Node flags as this process (the TypeScript loader), this file as the script.
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), pgUrl, tz], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const copy = new OtherCopy(child);
    const ready = await Promise.race([copy.next(), new Promise<string>((r) => child.once('exit', (code) => r(`exited ${code}`)))]);
    if (ready !== 'ready') throw new Error(`the second process did not start: ${ready}`);
    return copy;
  }

  private next(): Promise<string> {
    return new Promise((r) => this.waiting.push(r));
  }

  /** Asks the other process to claim a task at `at`; its outcome. */
  claim(taskId: string, at: number): Promise<string> {
    const answer = this.next();
    this.child.stdin?.write(`${taskId} ${at}\n`);
    return answer;
  }

  async stop(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin?.end();
    await exited;
  }
}

async function serve(pgUrl: string, tz: string) {
  const db = await openDb({ url: pgUrl, poolSize: 2 });
  const tasks = new TaskCommands(new WorkflowRuntime(db, tz));
  process.stdout.write('ready\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const [taskId, at] = line.split(' ');
    await until(Number(at));
    process.stdout.write(`${await claimOutcome(tasks.claim(benchCaller('3002', ['bench']), taskId))}\n`);
  }
  await db.close();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [pgUrl, tz] = process.argv.slice(2);
  await serve(pgUrl, tz);
}
