import { randomInt } from 'node:crypto';

// Snowflake-style ids (like BladeX's): 41 bits of milliseconds since 2020, 10 bits of worker
// picked at random per process, 12 bits of sequence. Sent to clients as strings.
const EPOCH = 1577836800000n;
const worker = BigInt(randomInt(1024));
let lastMs = 0n;
let seq = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    seq = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
}
