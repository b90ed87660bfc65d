import { checkFormData, checkFormField, toFormDataSchema } from '@civdesk/meta';
import { applicationData, applicationRefusals, reliefApplicationSchema } from '@civdesk/meta/form-fixtures';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { ok, on, stubNetwork } from '../../test/http-stub.ts';
import { mountPage } from '../../workflow/shared/test-mount.tsx';
import { type DraftRow, draftToSchema, toSubmitRows } from './draft.ts';
import { PublishedForm } from './published-form.tsx';

// The same fixtures the server's validation test uses: the published relief application form.

describe('a published form schema compiled to zod', () => {
  it('accepts valid data, normalised, and drops unknown keys', () => {
    const r = checkFormData(reliefApplicationSchema, { ...applicationData, other: 1, situation: undefined });
    expect(r.ok && r.data).toMatchObject({ applicantName: '张三', amountRequested: '3000' });
    expect(r.ok && 'other' in r.data).toBe(false);
  });

  for (const [what, change, message] of applicationRefusals) {
    it(`refuses ${what} with '${message}'`, () => {
      const r = checkFormData(reliefApplicationSchema, { ...applicationData, ...change });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.errors[0].message).toBe(message);
    });
  }

  it('lists every wrong field in the form’s order, and speaks English when asked', () => {
    const r = checkFormData(reliefApplicationSchema, {});
    expect(!r.ok && r.errors.map((e) => e.field)).toEqual(reliefApplicationSchema.fields.filter((f) => f.required).map((f) => f.name));
    expect(toFormDataSchema(reliefApplicationSchema, 'en').safeParse({}).error?.issues[0].message).toBe('Please enter 申请人姓名');
  });

  it('checks one input as the renderer does, and ignores a pattern that does not compile', () => {
    const [name] = reliefApplicationSchema.fields;
    expect(checkFormField(name, '')).toBe('请输入申请人姓名');
    expect(checkFormField(name, '李四')).toBeNull();
    expect(checkFormField({ ...name, pattern: '([' }, 'x')).toBeNull();
    const checkbox = {
      name: 'c',
      label: '困境类型',
      type: 'checkbox' as const,
      required: true,
      span: 12,
      options: [{ value: '1', label: 'a' }],
    };
    expect(checkFormField(checkbox, ['1'])).toBeNull();
    expect(checkFormField(checkbox, ['2'])).toBe('困境类型的值不在可选范围内');
  });
});

describe('the designer’s draft', () => {
  const rows: DraftRow[] = [
    { key: 'a', fieldName: 'loose', fieldLabel: '备注', fieldType: 'textarea', isRequired: 0, span: 24 },
    { key: 'b', fieldName: 'who', fieldLabel: '申请人', fieldType: 'group', isRequired: 0, span: 24 },
    { key: 'c', fieldName: 'kind', fieldLabel: '户籍类型', fieldType: 'select', isRequired: 1, span: 12, dictCode: 'D', parentName: 'who' },
  ];
  it('builds the schema publishing would: grouped fields first, options from the dictionary', () => {
    const s = draftToSchema(rows, { D: [{ value: '1', label: '农业' }] });
    expect(s.groups).toEqual([{ name: 'who', label: '申请人' }]);
    expect(s.fields.map((f) => [f.name, f.group])).toEqual([
      ['kind', 'who'],
      ['loose', undefined],
    ]);
    expect(s.fields[0].options).toEqual([{ value: '1', label: '农业' }]);
  });
  it('sends rows without the designer’s keys, numbered in order', () => {
    expect(toSubmitRows(rows)[2]).toEqual({
      orderNum: 3,
      fieldName: 'kind',
      fieldLabel: '户籍类型',
      fieldType: 'select',
      isRequired: 1,
      span: 12,
      dictCode: 'D',
      parentName: 'who',
    });
  });
});

describe('PublishedForm', () => {
  beforeEach(() => {
    resetWebConfig();
    stubNetwork([
      on(
        'GET',
        '/api/dw-matter/matIntForm/versionDetail',
        ok({ formId: reliefApplicationSchema.formId, version: 1, publishTime: '', schema: reliefApplicationSchema }),
      ),
    ]);
  });

  it('renders the published version and refuses an empty required field with the server’s message', async () => {
    let submitted: Record<string, unknown> | undefined;
    mountPage(
      <PublishedForm
        formId={reliefApplicationSchema.formId}
        onFinish={(v) => {
          submitted = v;
        }}
        footer={<button type="submit">提交</button>}
      />,
    );
    expect(await screen.findByText('申请人信息')).toBeTruthy();
    fireEvent.click(screen.getByText('提交'));
    expect(await screen.findByText('请输入申请人姓名')).toBeTruthy();
    expect(submitted).toBeUndefined();
    fireEvent.change(screen.getByTestId('pf-idCard'), { target: { value: '110105194912310021' } });
    await waitFor(() => expect(screen.getByText('请输入正确的身份证号')).toBeTruthy());
  });
});
