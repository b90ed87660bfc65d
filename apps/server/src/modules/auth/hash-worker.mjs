// One argon2id hashing thread (see passwords.ts): it lowers its own scheduling priority, then hashes
// and verifies synchronously, one task at a time, for the messages it is sent.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

try {
  // Linux: /proc/thread-self names this thread; a higher nice value for it alone lets the
  // scheduler prefer the server's main thread whenever both want a core.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, 19);
} catch {
  // elsewhere the thread keeps the normal priority
}

parentPort.on('message', ({ id, op, a, b, options }) => {
  try {
    parentPort.postMessage({ id, value: op === 'hash' ? hashSync(a, options) : verifySync(a, b) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
