import { afterEach, describe, expect, it } from 'vitest';
import { hashConcurrency, hashPassword, Limiter, md5hex, passwordHashing, verifyPassword } from './passwords.ts';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((r) => {
    open = r;
  });
  return { open, done };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('Limiter', () => {
  it('never runs more than its bound, and runs the rest in arrival order', async () => {
    const limiter = new Limiter(3);
    const gates = Array.from({ length: 10 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await g.done;
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(3);
    expect(limiter.queued).toBe(7);
    gates[1].open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
    expect(limiter.peak).toBe(3);
    expect(limiter.running).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = new Limiter(1);
    const failing = limiter.run(async () => {
      throw new Error('boom');
    });
    const next = limiter.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
    expect(limiter.running).toBe(0);
  });
});

describe('password hashing concurrency', () => {
  const max = passwordHashing.max;
  afterEach(() => {
    passwordHashing.max = max;
  });

  it('defaults to one less than the cores, at least one, and obeys PASSWORD_HASH_CONCURRENCY', () => {
    expect(hashConcurrency({}, 8)).toBe(7);
    expect(hashConcurrency({}, 2)).toBe(1);
    expect(hashConcurrency({}, 1)).toBe(1);
    expect(hashConcurrency({ PASSWORD_HASH_CONCURRENCY: '3' }, 2)).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'many', '']) expect(hashConcurrency({ PASSWORD_HASH_CONCURRENCY: bad }, 4)).toBe(3);
  });

  it('bounds how many argon2 hashes and verifications run at once', async () => {
    const md5 = md5hex('Correct horse 1');
    const stored = await hashPassword(md5);
    passwordHashing.max = 2;
    passwordHashing.peak = 0;
    const checks = [
      ...Array.from({ length: 4 }, () => verifyPassword(stored, md5)),
      verifyPassword(stored, md5hex('wrong')),
      verifyPassword(null, md5),
      hashPassword(md5hex('another')).then((h) => h.startsWith('$argon2id$')),
    ];
    let sampled = 0;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, passwordHashing.running);
    }, 1);
    const results = await Promise.all(checks);
    clearInterval(sampler);
    expect(results).toEqual([true, true, true, true, false, false, true]);
    expect(passwordHashing.peak).toBe(2);
    expect(sampled).toBeLessThanOrEqual(2);
    expect(passwordHashing.running).toBe(0);
  });

  it('answers false for a stored value that is no argon2 hash, and keeps working after it', async () => {
    expect(await verifyPassword('$argon2id$garbage', md5hex('x'))).toBe(false);
    const md5 = md5hex('still fine');
    expect(await verifyPassword(await hashPassword(md5), md5)).toBe(true);
  });
});
