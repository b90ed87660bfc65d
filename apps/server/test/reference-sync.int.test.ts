import { dictionaries, dictionaryTypes, parameters } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedIfEmpty } from '../src/seed/index.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

// Parameters and dictionaries are declared beside the definitions and added on every start, as
// menus are: an upgraded database gets what the new version declares, and what an administrator
// changed or removed stays as they left it. Each PGlite test file has a database of its own, so
// this one can take rows away (the PostgreSQL run shares one database between files).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const restart = async () => {
  const logged: string[] = [];
  expect(await seedIfEmpty(t.db, { demo: true, towns: false, log: (m) => logged.push(m) })).toBe(false);
  return logged;
};
const paramValue = async (key: string) =>
  (await t.db.query<{ v: string; d: number }>('select param_value v, is_deleted d from blade_param where param_key = $1', [key]))[0];
const dictEntries = async (code: string) =>
  (
    await t.db.query<{ key: string; value: string }>(
      'select dict_key as key, dict_value as value from blade_dict where code = $1 and parent_id <> 0 and is_deleted = 0 order by sort',
      [code],
    )
  ).map((r) => [r.key, r.value]);
const detailKeys = async (type: string) =>
  (
    await t.db.query<{ k: string }>(
      'select dict_key k from dw_sys_dict_detail where dict_type = $1 and is_deleted = 0 order by order_num',
      [type],
    )
  ).map((r) => r.k);

describe('reference data declared beside the definitions', () => {
  it('is all there in a fresh database', async () => {
    // The test apps allow the step hooks' example host (helpers/build-app.ts): that row is there, its value theirs.
    const setByTests = new Set(['matter.hook.allowedHosts']);
    for (const [key, p] of Object.entries(parameters))
      if (setByTests.has(key)) expect(await paramValue(key), key).toBeDefined();
      else expect((await paramValue(key))?.v, key).toBe(p.value);
    for (const [code, d] of Object.entries(dictionaries)) expect(await dictEntries(code), code).toEqual(d.entries);
    for (const c of dictionaryTypes) for (const type of c.types) expect(await detailKeys(type.code)).toEqual(type.entries.map(([k]) => k));
  });

  describe.runIf(inject('dbKind') === 'pglite')('after an upgrade', () => {
    it('adds what the database lacks, keeps what an administrator changed or removed, and adds nothing twice', async () => {
      // As an older version left it: no idle-timeout parameter, no sex dictionary, an entry and a type detail missing.
      await t.db.query("delete from blade_param where param_key = 'account.idleTimeout'");
      await t.db.query("delete from blade_dict where code = 'sex'");
      await t.db.query("delete from blade_dict where code = 'notice' and dict_key = '7'");
      await t.db.query("delete from dw_sys_dict_detail where dict_type = 'risk_level' and dict_key = '3'");
      // And an administrator's changes: a value edited, an entry renamed, another removed, a parameter removed.
      await t.db.query("update blade_param set param_value = '9' where param_key = 'account.failCount'");
      await t.db.query("update blade_dict set dict_value = '是的' where code = 'yes_no' and dict_key = '1'");
      await t.db.query("update blade_dict set dict_value = '乡镇' where code = 'region' and dict_key = '4'");
      await t.db.query("update blade_dict set is_deleted = 1 where code = 'region' and dict_key = '5'");
      await t.db.query("update blade_param set is_deleted = 1 where param_key = 'log.retentionDays'");

      expect(await restart()).toEqual([
        'added 1 parameters of this version',
        'added 5 dictionary rows of this version',
        'added 1 dictionary-type rows of this version',
      ]);
      expect((await paramValue('account.idleTimeout'))?.v).toBe(parameters['account.idleTimeout'].value);
      expect(await dictEntries('sex')).toEqual(dictionaries.sex.entries);
      expect(await dictEntries('notice')).toEqual(dictionaries.notice.entries);
      expect(await detailKeys('risk_level')).toEqual(['1', '2', '3']);
      // What administrators did stands.
      expect((await paramValue('account.failCount'))?.v).toBe('9');
      expect(await dictEntries('region')).toEqual([
        ['1', '省'],
        ['2', '市'],
        ['3', '区县'],
        ['4', '乡镇'],
      ]);
      expect(await dictEntries('yes_no')).toEqual([
        ['0', '否'],
        ['1', '是的'],
      ]);
      expect(await paramValue('log.retentionDays')).toMatchObject({ d: 1 });

      // The next start finds everything there.
      expect(await restart()).toEqual([]);
      const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int n from blade_dict where code = 'sex'");
      expect(n).toBe(1 + dictionaries.sex.entries.length);
    });
  });
});
