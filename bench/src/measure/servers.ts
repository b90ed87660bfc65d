import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from './http-load.ts';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');

export type Server = {
  pid: number;
  base: string;
  /** Milliseconds from spawn to the first successful answer of the ready URL. */
  readyMs: number;
  rssMb(): number;
  /** Sends a signal to the server process (the loop probe answers SIGUSR2). */
  signal(sig: NodeJS.Signals): void;
  stop(): Promise<void>;
};

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS every 200 ms while `work` runs; returns the work's result and the peak. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 200);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

let nextPort = 18_080;

/**
 * Starts a TypeScript entry as its own Node process (the way `npm start` runs the server: node with
 * the tsx loader, so the pid is the server's own) and waits until `readyPath` answers 2xx.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  logFile: string,
  opts: { timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<Server> {
  const timeoutMs = opts.timeoutMs ?? 300_000;
  const port = nextPort++;
  const out = openSync(logFile, 'a');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', join(repoRoot, entry)], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited !== null) throw new Error(`${entry} exited with ${exited} before it was ready; see ${logFile}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${entry} was not ready after ${timeoutMs / 1000} s; see ${logFile}`);
    }
    try {
      await request(base + readyPath);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const readyMs = performance.now() - started;
  const pid = child.pid as number;
  return {
    pid,
    base,
    readyMs,
    rssMb: () => rssMb(pid),
    signal: (sig) => void child.kill(sig),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
