import { describe, expect, it } from 'vitest';
import { defineResource } from '../define-resource.ts';
import { fieldErrors, requiredMessage, toSubmitSchema } from './to-zod.ts';

const r = defineResource({
  name: 'sample',
  table: 'sample',
  label: { zh: '样例', en: 'Sample' },
  api: '/api/x/sample',
  tenant: true,
  softDelete: true,
  menu: false,
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true, max: 5 },
    account: { type: 'string', label: { zh: '账号', en: 'Account' }, required: '请输入登录账号' },
    sort: { type: 'order', label: { zh: '排序', en: 'Order' }, max: 2 },
    kind: { type: 'dict', dict: 'k', int: true, label: { zh: '类型', en: 'Kind' }, required: true },
    flag: { type: 'enum', int: true, options: [{ value: 0, label: { zh: '否', en: 'No' } }], label: { zh: '标志', en: 'Flag' } },
    day: { type: 'date', label: { zh: '日期', en: 'Day' } },
    at: { type: 'datetime', label: { zh: '时间', en: 'At' } },
    refs: { type: 'multiRef', label: { zh: '引用', en: 'Refs' } },
    secret: { type: 'string', label: { zh: '密', en: 'Secret' }, serverOnly: true },
  },
});

const errorsOf = (mode: 'create' | 'update', body: unknown) => {
  const p = toSubmitSchema(r, mode).safeParse(body);
  return p.success ? [] : fieldErrors(p.error);
};

describe('submit schema derived from a definition', () => {
  it('accepts a valid body and normalises values', () => {
    const p = toSubmitSchema(r, 'create').parse({
      name: 'ab',
      account: 'x',
      sort: '07',
      kind: '2',
      at: '2024-02-29',
      refs: ['1', '2'],
      secret: 'no',
    });
    expect(p).toMatchObject({ name: 'ab', sort: 7, kind: 2, at: '2024-02-29 00:00:00', refs: '1,2' });
    expect(p).not.toHaveProperty('secret'); // server-only fields are never written by a client
  });

  it('names every missing required field with its message, the spec text where it has one', () => {
    const errors = errorsOf('create', { name: '', kind: null });
    expect(errors).toContainEqual({ field: 'name', message: '请输入名称' });
    expect(errors).toContainEqual({ field: 'account', message: '请输入登录账号' });
    expect(errors).toContainEqual({ field: 'kind', message: '请选择类型' });
    expect(requiredMessage(r.fields.kind, 'en')).toBe('Please select Kind');
  });

  it('refuses non-digit order codes with 排序只能输入数字 and too many digits', () => {
    expect(errorsOf('create', { name: 'a', account: 'a', kind: 1, sort: '1a' })).toEqual([{ field: 'sort', message: '排序只能输入数字' }]);
    expect(errorsOf('create', { name: 'a', account: 'a', kind: 1, sort: -1 })).toEqual([{ field: 'sort', message: '排序只能输入数字' }]);
    expect(errorsOf('create', { name: 'a', account: 'a', kind: 1, sort: '123' })[0].field).toBe('sort');
  });

  it('refuses over-long text counting characters, not bytes', () => {
    expect(errorsOf('create', { name: '一二三四五', account: 'a', kind: 1 })).toEqual([]);
    expect(errorsOf('create', { name: '一二三四五六', account: 'a', kind: 1 })).toEqual([
      { field: 'name', message: '名称长度不能超过5个字符' },
    ]);
  });

  it('refuses wrong types, impossible dates and options outside the list', () => {
    const base = { name: 'a', account: 'a', kind: 1 };
    expect(errorsOf('create', { ...base, name: { x: 1 } })[0].field).toBe('name');
    expect(errorsOf('create', { ...base, day: '2023-02-29' })[0].field).toBe('day');
    expect(errorsOf('create', { ...base, at: '2024-01-01T00:00:00Z' })[0].field).toBe('at');
    expect(errorsOf('create', { ...base, flag: 3 })[0].field).toBe('flag');
    expect(errorsOf('create', { ...base, refs: '1,x' })[0].field).toBe('refs');
    expect(errorsOf('create', { ...base, kind: 'abc' })[0].field).toBe('kind');
  });

  it('on update checks only what is sent but never lets a required field be cleared', () => {
    expect(errorsOf('update', { id: '12', sort: '3' })).toEqual([]);
    expect(errorsOf('update', { id: '12', name: '' })).toEqual([{ field: 'name', message: '请输入名称' }]);
    expect(errorsOf('update', { id: '1x', sort: '3' })[0].field).toBe('id');
  });

  it('speaks English when asked', () => {
    const p = toSubmitSchema(r, 'create', 'en').safeParse({ name: '', account: 'a', kind: 1, sort: 'x' });
    expect(p.success).toBe(false);
    expect(fieldErrors((p as unknown as { error: never }).error)).toEqual([
      { field: 'name', message: 'Please enter Name' },
      { field: 'sort', message: 'order code can only be digits' },
    ]);
  });
});
