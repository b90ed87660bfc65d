import { client, post, region, user } from '@civdesk/resources';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultValues, formFields, groupFields, toBody, toFormValues, toWire } from './form-values.ts';
import { validateBody } from './validation.ts';

describe('form fields', () => {
  it('hides form:false and server-only fields, and createOnly fields except on create', () => {
    expect(formFields(user, 'create').map((f) => f.key)).toContain('password');
    expect(formFields(user, 'update').map((f) => f.key)).not.toContain('password');
    const keys = formFields(user, 'create').map((f) => f.key);
    for (const hidden of ['avatar', 'userExt', 'isSystem', 'auditStatus']) expect(keys).not.toContain(hidden);
  });

  it('makes everything read-only in view and keeps readOnly fields disabled', () => {
    expect(formFields(post, 'view').every((f) => f.readOnly)).toBe(true);
    expect(formFields(region, 'update').find((f) => f.key === 'fullPath')?.readOnly).toBe(true);
  });

  it('groups fields in the order of the resource groups', () => {
    expect(groupFields(user, formFields(user, 'create')).map((g) => g.key)).toEqual(['basic', 'detail', 'duty']);
    expect(groupFields(post, formFields(post, 'create')).map((g) => g.key)).toEqual(['']);
  });
});

describe('values between server and form', () => {
  it('splits comma lists, parses dates and treats parent 0 as empty', () => {
    const fields = formFields(client, 'update');
    const v = toFormValues(fields, { id: '1', authorizedGrantTypes: 'password,captcha', accessTokenValidity: 3600 });
    expect(v.authorizedGrantTypes).toEqual(['password', 'captcha']);
    expect(defaultValues(fields).authorizedGrantTypes).toEqual(['refresh_token', 'password', 'authorization_code']);
    const r = toFormValues(formFields(region, 'update'), { id: '1', parentId: '0' });
    expect(r.parentId).toBeUndefined();
    const birthday = toFormValues(formFields(user, 'update'), { id: '1', birthday: '2001-02-03' }).birthday;
    expect(dayjs.isDayjs(birthday) && birthday.format('YYYY-MM-DD')).toBe('2001-02-03');
  });

  it('formats values for the server', () => {
    const f = user.fields;
    expect(toWire(f.birthday, dayjs('2001-02-03'), 'create')).toBe('2001-02-03');
    expect(toWire(f.roleId, ['1', '2'], 'create')).toBe('1,2');
    expect(toWire(region.fields.parentId, undefined, 'create')).toBe('0');
    expect(toWire(f.code, undefined, 'create')).toBeUndefined();
    expect(toWire(f.code, undefined, 'update')).toBe('');
    // A password left blank on edit keeps the stored one instead of clearing it.
    expect(toWire(f.password, '', 'update')).toBeUndefined();
    expect(toWire(f.password, 'n3w', 'update')).toBe('n3w');
  });

  it('builds a body the shared schema accepts, and reports its messages by field', () => {
    const fields = formFields(post, 'create');
    const bad = validateBody(post, 'create', 'zh', toBody(fields, { postCode: 'P1', sort: 'x' }, 'create'));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual(
      expect.arrayContaining([
        { field: 'category', message: '请选择岗位类型' },
        { field: 'postName', message: '请输入岗位名称' },
        { field: 'sort', message: '排序只能输入数字' },
      ]),
    );
    const good = validateBody(
      post,
      'update',
      'en',
      toBody(formFields(post, 'update'), { category: 1, postCode: 'P1', postName: 'N', sort: '3' }, 'update', '42'),
    );
    expect(good).toEqual({ ok: true, data: { id: '42', category: 1, postCode: 'P1', postName: 'N', sort: 3, remark: null } });
  });
});
