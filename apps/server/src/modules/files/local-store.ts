import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FILES_BASE, type FileStore } from './storage.ts';

/** The default store: `files/` under the data folder (the keys are checked by the caller). */
export function localStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, ...key.split('/'));
  return {
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      try {
        await writeFile(file, body, { flag: 'wx' });
      } catch (e) {
        // A full disk must not leave half a file behind; an existing file is never ours to remove.
        if ((e as { code?: string }).code !== 'EEXIST') await rm(file, { force: true });
        throw e;
      }
      return { link: `${FILES_BASE}/file/${key}` };
    },
    async get(key) {
      const file = pathOf(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? { body: createReadStream(file), size: found.size } : null;
    },
  };
}
