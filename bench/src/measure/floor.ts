import type { Db } from '@civdesk/db';
import { type Summary, summarize } from '../stats.ts';
import type { Plan } from './record.ts';

/** Replaces a recorded id parameter by another (detail by id over many rows). */
export function withId(plan: Plan, from: string, to: string): Plan {
  return { ...plan, waves: plan.waves.map((w) => w.map((s) => ({ ...s, params: s.params.map((p) => (p === from ? to : p)) }))) };
}

/** Runs a request's statements as the app did: each wave's statements side by side, waves in order. */
export async function replay(db: Db, plan: Plan): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const wave of plan.waves) out.push(...(await Promise.all(wave.map((s) => db.query(s.sql, s.params)))));
  return out;
}

const now = () => performance.now();

/** One client: `iterations` requests one after another (after a warm-up), latency of each. */
export async function sequential(
  run: (i: number) => Promise<unknown>,
  iterations: number,
  warmup = Math.min(200, iterations),
): Promise<Summary> {
  for (let i = 0; i < warmup; i++) await run(i);
  const lat: number[] = [];
  const t0 = now();
  for (let i = 0; i < iterations; i++) {
    const t = now();
    await run(i);
    lat.push(now() - t);
  }
  return summarize(lat, (now() - t0) / 1000);
}

/** `clients` loops running requests back to back for `seconds` (closed loop, like the HTTP load tools). */
export async function concurrent(
  run: (i: number) => Promise<unknown>,
  clients: number,
  seconds: number,
  warmupSeconds = 1,
): Promise<Summary> {
  const loop = async (until: number, lat: number[] | null, k: number) => {
    let i = k;
    while (now() < until) {
      const t = now();
      await run(i);
      i += clients;
      lat?.push(now() - t);
    }
  };
  const w = now() + warmupSeconds * 1000;
  await Promise.all(Array.from({ length: clients }, (_, k) => loop(w, null, k)));
  const lat: number[] = [];
  const t0 = now();
  await Promise.all(Array.from({ length: clients }, (_, k) => loop(t0 + seconds * 1000, lat, k)));
  return summarize(lat, (now() - t0) / 1000);
}
