import { createHash, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

// The client sends md5 hex of the password (as BladeX clients do); we store argon2id of that.
// OWASP minimum parameters.
export const argon2Options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

/**
 * Runs at most `max` tasks at once; the others wait their turn in arrival order. `peak` is the
 * most that ever ran together, `count` how many ran (tests read both).
 */
export class Limiter {
  private active = 0;
  private waiting: (() => void)[] = [];
  peak = 0;
  /** Tasks run so far: the argon2id work a call cost (tests compare it between answers). */
  count = 0;

  constructor(public max: number) {}

  get running() {
    return this.active;
  }

  get queued() {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    this.count++;
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so a newcomer cannot overtake the queue.
      if (next) next();
      else this.active--;
    }
  }
}

/** `PASSWORD_HASH_CONCURRENCY`, else one less than the cores (at least one). */
export function hashConcurrency(env: Record<string, string | undefined> = process.env, cores = availableParallelism()): number {
  const n = Number(env.PASSWORD_HASH_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : Math.max(1, cores - 1);
}

/**
 * Every argon2 hash and verify goes through this limiter. A hash takes tens of milliseconds of one
 * core and 19 MiB; unbounded, a burst of sign-ins takes every core and the rest of the server
 * starves. Bounded below the core count, sign-ins queue among themselves and other endpoints keep
 * a core.
 */
export const passwordHashing = new Limiter(hashConcurrency());

type Task = { op: 'hash'; a: string; options: typeof argon2Options } | { op: 'verify'; a: string; b: string };
type Thread = { worker: Worker; pending: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }> };

/**
 * The hashing threads (`hash-worker.mjs`), one per task the limiter lets run, made when first
 * needed and reused; not libuv's pool, which file, DNS and other crypto work share. They run at a
 * lower scheduling priority than the server (Linux), so on a small, busy machine the scheduler
 * gives a core to request handling first and to hashing next: a burst of sign-ins slows sign-ins,
 * not everything else. An idle one does not keep the process alive.
 */
const idle: Thread[] = [];
let nextTask = 1;

function newThread(): Thread {
  const worker = new Worker(new URL('./hash-worker.mjs', import.meta.url), { execArgv: [] });
  const thread: Thread = { worker, pending: new Map() };
  worker.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const p = thread.pending.get(id);
    thread.pending.delete(id);
    if (error !== undefined) p?.reject(new Error(error));
    else p?.resolve(value);
  });
  const fail = (e: unknown) => {
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    for (const p of thread.pending.values()) p.reject(e instanceof Error ? e : new Error('the hashing thread stopped'));
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', fail);
  worker.unref();
  return thread;
}

function onThread<T>(task: Task): Promise<T> {
  return passwordHashing.run(async () => {
    const thread = idle.pop() ?? newThread();
    thread.worker.ref(); // a pending hash keeps the process alive (a CLI command awaiting it)
    try {
      return await new Promise<T>((resolve, reject) => {
        const id = nextTask++;
        thread.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        thread.worker.postMessage({ id, ...task });
      });
    } finally {
      thread.worker.unref();
      if (thread.pending.size === 0 && thread.worker.threadId >= 0) idle.push(thread);
    }
  });
}

export const md5hex = (plain: string) => createHash('md5').update(plain).digest('hex');

/** What a client may send as a password: the md5 hex of it (anything longer is refused unread). */
export const isMd5Hex = (s: string) => /^[0-9a-fA-F]{32}$/.test(s);

export function hashPassword(md5: string): Promise<string> {
  return onThread<string>({ op: 'hash', a: md5.toLowerCase(), options: argon2Options });
}

const argon2Verify = (stored: string, given: string) => onThread<boolean>({ op: 'verify', a: stored, b: given });

/** Legacy BladeX rows store sha1(md5hex); they verify once and are then upgraded by the caller. */
export const isLegacyHash = (stored: string) => /^[0-9a-f]{40}$/.test(stored);

/** A hash to verify against when there is nothing real to check, so every answer takes the same time. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword(md5hex('not-a-real-password')));

/**
 * Checks a password against a stored hash — or, when there is none (unknown account), against a
 * dummy: the same argon2id work either way, so the time taken says nothing about the account.
 * A legacy sha1 check is followed by the same dummy work.
 */
export async function verifyPassword(stored: string | null, md5: string): Promise<boolean> {
  const given = md5.toLowerCase();
  if (stored && isLegacyHash(stored)) {
    const ok = timingSafeEqual(Buffer.from(createHash('sha1').update(given).digest('hex')), Buffer.from(stored));
    await argon2Verify(await dummyHash(), given).catch(() => false);
    return ok;
  }
  try {
    const ok = await argon2Verify(stored ?? (await dummyHash()), given);
    return ok && stored !== null;
  } catch {
    return false;
  }
}
