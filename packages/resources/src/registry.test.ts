import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buttonsOf, type Resource } from '@civdesk/meta';
import { describe, expect, it } from 'vitest';
import { consoleGroups, menuGroups, systemGroup } from './menu-groups.ts';
import { dictionaries } from './reference/dictionaries.ts';
import { registry, resourceByName } from './registry.ts';
import { screens } from './screens.ts';

// What holds the registry together: checked here once, so a definition that breaks it fails a
// unit test instead of a seed, a migration or a screen.

const here = new URL('.', import.meta.url).pathname;
const metaSrc = new URL('../../meta/src/', import.meta.url).pathname;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe('the registry', () => {
  it('has unique names, tables, API paths and screen paths', () => {
    expect(duplicates(registry.map((r) => r.name))).toEqual([]);
    expect(duplicates(registry.map((r) => r.table))).toEqual([]);
    expect(duplicates(registry.map((r) => r.api))).toEqual([]);
    expect(duplicates(registry.flatMap((r) => (r.menu ? [r.menu.path] : [])))).toEqual([]);
  });

  it('shares no menu code or path between resources, screens and groups', () => {
    const codes = [...registry.map((r) => r.name), ...screens.map((s) => s.name), ...menuGroups.map((g) => g.code)];
    expect(duplicates(codes)).toEqual([]);
    const paths = [...registry.flatMap((r) => (r.menu ? [r.menu.path] : [])), ...screens.map((s) => s.menu.path)];
    expect(duplicates(paths)).toEqual([]);
    for (const s of screens) expect(menuGroups, `${s.name}'s group is not declared`).toContain(s.menu.group);
  });

  it('registers every *.resource.ts file, each defining the one resource its file is named after', async () => {
    const files = filesUnder(here).filter((f) => f.endsWith('.resource.ts'));
    expect(files.length).toBe(registry.length);
    for (const file of files) {
      const stem = file.slice(file.lastIndexOf('/') + 1, -'.resource.ts'.length);
      const exported = Object.values(await import(file)).filter(
        (v): v is Resource => typeof v === 'object' && v !== null && 'allFields' in v,
      );
      expect(
        exported.map((r) => r.name),
        relative(here, file),
      ).toEqual([stem]);
      expect(registry, `${stem} is not registered`).toContain(exported[0]);
    }
  });

  it('points every reference at a registered resource and one of its fields', () => {
    const broken: string[] = [];
    for (const r of registry) {
      for (const [key, f] of Object.entries(r.fields)) {
        if (!f.ref) continue;
        const target = resourceByName.get(f.ref.resource);
        const fields: Record<string, unknown> = target?.allFields ?? {};
        for (const [what, field] of [
          ['labelField', f.ref.labelField],
          ['valueField', f.ref.valueField],
          ['only.field', f.ref.only?.field],
        ] as const) {
          if (field !== undefined && !fields[field]) broken.push(`${r.name}.${key} → ${f.ref.resource}.${field} (${what})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only writable, optional fields of its own in unique and one-of groups', () => {
    const broken = registry.flatMap((r) =>
      [...(r.uniqueTogether ?? []), ...(r.requiredOneOf ?? [])].flatMap((g) =>
        g.fields.filter((k) => !r.allFields[k]).map((k) => `${r.name}: ${k}`),
      ),
    );
    // A required field already must have a value: in a one-of group it would make the group moot.
    const moot = registry.flatMap((r) =>
      (r.requiredOneOf ?? []).flatMap((g) => g.fields.filter((k) => r.fields[k]?.required || r.fields[k]?.serverOnly)),
    );
    expect([...broken, ...moot]).toEqual([]);
  });

  it('declares every dictionary a field names', () => {
    const missing = registry.flatMap((r) =>
      Object.entries(r.fields).flatMap(([key, f]) => (f.dict && !dictionaries[f.dict] ? [`${r.name}.${key}: ${f.dict}`] : [])),
    );
    expect(missing).toEqual([]);
    // A dict field without a code has nothing to offer.
    expect(registry.flatMap((r) => Object.entries(r.fields).filter(([, f]) => f.type === 'dict' && !f.dict))).toEqual([]);
  });

  it('places screens only in declared menu groups, with unique codes and paths', () => {
    expect(duplicates(menuGroups.map((g) => g.code))).toEqual([]);
    // The console's groups share /system (their screens' addresses predate the grouping); others have their own.
    expect(duplicates(menuGroups.filter((g) => !consoleGroups.includes(g) || g === systemGroup).map((g) => g.path))).toEqual([]);
    expect(new Set(consoleGroups.map((g) => g.path))).toEqual(new Set(['/system']));
    const names = new Set(registry.map((r) => r.name));
    expect(menuGroups.filter((g) => names.has(g.code))).toEqual([]); // group codes share the menu codes' space
    for (const r of registry) {
      if (r.menu) expect(menuGroups, `${r.name}: group ${r.menu.group.code} is not in menu-groups.ts`).toContain(r.menu.group);
    }
  });

  it('gives every group and every screen an icon of its own', () => {
    const icons = [...menuGroups.map((g) => g.icon), ...registry.flatMap((r) => (r.menu ? [r.menu.icon] : []))];
    expect(duplicates(icons)).toEqual([]);
  });

  it('gives every resource with buttons a menu entry to hang them under', () => {
    expect(registry.filter((r) => !r.menu && buttonsOf(r).length).map((r) => r.name)).toEqual([]);
  });
});

// meta and resources run in the browser and on the server alike: they import nothing but zod (and
// the HTML sanitiser) and each other — no node:*, Fastify, React, antd, dayjs, @civdesk/db.
const allowed: Record<string, RegExp[]> = {
  meta: [/^zod(\/|$)/, /^xss$/, /^\./],
  resources: [/^@civdesk\/meta$/, /^\./],
};

/** The modules a source file imports or re-exports (static and dynamic). */
const importsOf = (source: string) =>
  [
    ...source.matchAll(
      /\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]);

describe('isomorphic packages', () => {
  it('reads imports of every form', () => {
    const sample = `import type { A } from '@civdesk/db';\nimport {\n  b,\n  c,\n} from 'node:fs';\nimport 'react';\nexport * from './x.ts';\nconst m = import('antd');`;
    expect(importsOf(sample)).toEqual(['@civdesk/db', 'node:fs', 'react', './x.ts', 'antd']);
  });

  for (const [pkg, dir] of [
    ['meta', metaSrc],
    ['resources', here],
  ] as const) {
    it(`${pkg} imports only ${allowed[pkg].map(String).join(', ')}`, () => {
      const offending: string[] = [];
      const sources = filesUnder(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
      const specs = sources.flatMap((file) => importsOf(readFileSync(file, 'utf8')).map((spec) => ({ file, spec })));
      expect(specs.length).toBeGreaterThan(sources.length); // the reader finds imports at all
      for (const { file, spec } of specs) {
        if (!allowed[pkg].some((re) => re.test(spec))) offending.push(`${relative(dir, file)}: ${spec}`);
      }
      expect(offending).toEqual([]);
    });
  }
});
