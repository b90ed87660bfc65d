import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it. A pid file taken with
 * O_EXCL makes the second process refuse; a file left by a dead process (kill -9) is taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  const file = join(dir, 'civdesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(file);
        } catch {}
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another Civdesk process (pid ${pid}). ` +
            'Stop it first, or start this one with another DATA_DIR.',
        );
      }
      if (pid === process.pid) {
        throw new DataDirLockedError(`The data folder ${dir} is already open in this process.`);
      }
      unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
