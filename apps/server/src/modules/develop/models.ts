import type { Queryable, Row } from '@civdesk/db';
import { model, modelPrototype } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import type { Prototype } from './prototypes.ts';

// Models and their saved field rows, read through the engine (live rows only).

/** A model by id, or the clear 400 when it is missing. */
export async function loadModel(db: Queryable, scope: Scope, id: unknown): Promise<Row> {
  const text = id === undefined || id === null ? '' : String(id);
  if (!/^\d{1,19}$/.test(text)) throw badRequest('请选择数据模型');
  const row = await findOne(db, model, scope, { id: text });
  if (!row) throw badRequest('数据模型不存在');
  return row;
}

/** A model's saved field rows in their order (empty when none are saved yet). */
export async function savedPrototypes(db: Queryable, scope: Scope, modelId: string): Promise<(Prototype & Row)[]> {
  const q = { ...listQuery(modelPrototype, { modelId }), size: 1000 };
  return (await rows(db, modelPrototype, scope, q)) as (Prototype & Row)[];
}
