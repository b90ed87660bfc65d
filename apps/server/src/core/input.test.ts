import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './envelope.ts';
import { id, idList, optionalId, optionalString, parseInput, rowIds } from './input.ts';

/** The 400 a parse answers, as message and data. */
function refusal(schema: z.ZodType, value: unknown) {
  try {
    parseInput(schema, value);
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, msg: e.message, data: e.data };
    throw e;
  }
  throw new Error('accepted');
}

describe('parseInput: the 400 of hand-written routes names the field, in the engine’s shape', () => {
  it('a missing parameter, a wrong one, and a message the schema gives', () => {
    const s = z.object({ userId: id, name: z.string() });
    expect(refusal(s, { name: 'x' })).toEqual({
      status: 400,
      msg: 'userId 应为编号',
      data: { errors: [{ field: 'userId', message: 'userId 应为编号' }] },
    });
    expect(refusal(z.object({ name: z.string() }), {}).msg).toBe('缺少必要的请求参数：name');
    expect(refusal(z.object({ size: z.number() }), { size: 'x' }).msg).toBe('参数 size 格式不正确');
    expect(refusal(z.object({}), [1]).msg).toBe('请求体应为JSON对象');
  });

  it('ids come as strings or numbers, one or a list', () => {
    const s = z.object({ id, deptId: optionalId, ids: rowIds, roleIds: idList().optional(), name: optionalString });
    expect(parseInput(s, { id: 12, deptId: '', ids: '1,2,2', roleIds: [3, ' 4 ', ''], name: ['a', 'b'] })).toEqual({
      id: '12',
      ids: ['1', '2'],
      roleIds: ['3', '4'],
    });
    expect(refusal(s, { id: '1', ids: '1,,2' }).msg).toBe('请选择至少一条数据');
    expect(refusal(s, { id: '1', ids: '1', roleIds: 'a' }).msg).toBe('roleIds 应为编号列表');
    expect(refusal(s, { id: '1', ids: Array.from({ length: 1001 }, (_, i) => String(i + 1)) }).msg).toBe('一次最多删除1000条数据');
  });
});
