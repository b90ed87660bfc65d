import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's folders import one way: resources → modules → crud → core, plugins → core. A
// newcomer can read a lower folder without the ones above it, and a cycle cannot creep in.
const below: Record<string, string[]> = {
  core: [],
  crud: ['core'],
  plugins: ['core'],
  modules: ['crud', 'core'],
  resources: ['modules', 'crud', 'core'],
};

const src = dirname(new URL(import.meta.url).pathname);
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('folders import one way', () => {
  it('no file imports a folder above its own', () => {
    const wrong: string[] = [];
    for (const [folder, allowed] of Object.entries(below)) {
      for (const file of files(join(src, folder))) {
        for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
          const target = relative(src, resolve(dirname(file), spec)).split('/')[0];
          if (target !== folder && target in below && !allowed.includes(target)) wrong.push(`${relative(src, file)} → ${spec}`);
          if (!(target in below) && target !== 'config.ts') wrong.push(`${relative(src, file)} → ${spec}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
