// Loaded into the measured server with --import (bench only): samples the event loop's delay. On
// SIGUSR2 it appends {p50, p99, max} in ms since the last signal to $BENCH_LOOP_FILE and starts over,
// so the benchmark can tell whether work (argon2 hashing, a query) holds the loop up.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  appendFileSync(
    process.env.BENCH_LOOP_FILE,
    `${JSON.stringify({ p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) })}\n`,
  );
  h.reset();
});
