import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

describe('data folder lock', () => {
  it('lets one owner in, refuses a second, and frees the folder on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(join(dir, 'civdesk.lock'))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('refuses while another live process holds it, with a message naming the pid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    writeFileSync(join(dir, 'civdesk.lock'), String(other.pid));
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    // Its owner is gone (kill -9 leaves the file behind): the lock is taken over.
    acquireDataDirLock(dir)();
  });
});
