import type { Row } from '@civdesk/db';
import { permCode, type Resource } from '@civdesk/meta';
import { comFormul, conLevelCalc } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Nodes, Obj } from '../../core/answers.ts';
import type { Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, optionalId, text } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { level, nodeForest } from '../../crud/tree.ts';
import { checkFormula, evaluateFormula } from '../com-formul/formula.ts';
import { parseSurveyFields, scoreAnswers } from './survey-fields.ts';

// `surveyId=` or `id=` names the survey (both spellings are in use).
const surveyKey = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (v) => {
      const o = (v ?? {}) as Record<string, unknown>;
      return o.surveyId === undefined && o.id !== undefined ? { ...o, surveyId: o.id } : o;
    },
    z.object({ surveyId: id, ...shape }),
  );

const SurveyQuery = surveyKey({});
const DiyCheck = surveyKey({ formulaContent: text.optional(), formulaId: optionalId, formulaName: text.optional() });
const Check = surveyKey({ answers: z.record(z.string(), z.unknown(), { error: () => 'answers 应为JSON对象' }) });
const LazyQuery = z.object({ parentId: z.preprocess((v) => String(v ?? '0') || '0', id) });

type Ctx = { ctx: AppContext; s: Scope; r: Resource };

async function surveyOf({ ctx, s, r }: Ctx, surveyId: string) {
  const survey = await findOne(ctx.db, r, s, { id: surveyId });
  if (!survey) throw notFound('问卷不存在或已被删除');
  return { survey, fields: parseSurveyFields(survey.surveyFields) };
}

async function formulaOf({ ctx, s }: Ctx, formulaId: unknown): Promise<Row | null> {
  if (formulaId === undefined || formulaId === null || formulaId === '') return null;
  const f = await findOne(ctx.db, comFormul, s, { id: String(formulaId) });
  if (!f) throw notFound('计算公式不存在或已被删除');
  return f;
}

async function levelsOf({ ctx, s }: Ctx, surveyId: string) {
  return rows(ctx.db, conLevelCalc, s, listQuery(conLevelCalc, { surveyId, size: '-1' }));
}

/** The level whose band holds the score: minScore <= score < maxScore (no maxScore: no upper bound). */
export function levelFor(levels: Row[], score: number): Row | null {
  const inBand = levels.filter(
    (l) => score >= Number(l.minScore) && (l.maxScore === null || l.maxScore === undefined || score < Number(l.maxScore)),
  );
  return inBand.sort((a, b) => Number(b.minScore) - Number(a.minScore))[0] ?? null;
}

export function registerSurveyRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const route = routes(app, ctx, [r.label.en]);
  const view = { perm: permCode(r, 'view') };
  const at = (req: Call['req']): Ctx => ({ ctx, s: scopeOf(req), r });

  const diyCheck = async ({ req, params }: Call<{ params: typeof DiyCheck }>) => {
    const c = at(req);
    const { fields } = await surveyOf(c, params.surveyId);
    const stored = await formulaOf(c, params.formulaId);
    const content = params.formulaContent ?? (stored?.formulaContent as string | undefined);
    if (content === undefined) throw badRequest('请输入公式内容');
    const name = params.formulaName ?? String(stored?.formulaName ?? '未命名公式');
    const used = checkFormula(
      content,
      name,
      fields.map((f) => f.field),
    );
    return ok({ valid: true, fields: used }, '公式校验通过');
  };
  route.get(
    `${r.api}/diyCheck`,
    { auth: view, summary: '问卷 校验公式', params: DiyCheck, data: z.looseObject({ valid: z.boolean(), fields: z.array(z.unknown()) }) },
    diyCheck,
  );
  route.post(
    `${r.api}/diyCheck`,
    { auth: view, summary: '问卷 校验公式', params: DiyCheck, data: z.looseObject({ valid: z.boolean(), fields: z.array(z.unknown()) }) },
    diyCheck,
  );

  route.get(
    `${r.api}/getFields`,
    { auth: view, summary: '问卷 字段列表', query: SurveyQuery, data: z.array(Obj) },
    async ({ req, query }) => {
      return ok((await surveyOf(at(req), query.surveyId)).fields);
    },
  );

  route.post(`${r.api}/check`, { auth: view, summary: '问卷 计算得分与等级', params: Check, data: Obj }, async ({ req, params }) => {
    const c = at(req);
    const { survey, fields } = await surveyOf(c, params.surveyId);
    const values = scoreAnswers(fields, params.answers);
    const formula = await formulaOf(c, survey.formulaId);
    // Without a formula the score is the sum of the answers.
    const score = formula
      ? evaluateFormula(String(formula.formulaContent), String(formula.formulaName), values)
      : Object.values(values).reduce((a, b) => a + b, 0);
    const found = levelFor(await levelsOf(c, params.surveyId), score);
    return ok({
      score,
      level: found ? found.levelName : null,
      levelCode: found ? found.levelCode : null,
      levelId: found ? found.id : null,
    });
  });

  route.get(`${r.api}/cusLazyList`, { auth: view, summary: '问卷 懒加载列表', query: LazyQuery, data: Nodes }, async ({ req, query }) => {
    return ok(nodeForest(r, await level(ctx.db, r, scopeOf(req), query.parentId)));
  });

  route.get(`${r.api}/showPageSurvey`, { auth: view, summary: '问卷 答题页', query: SurveyQuery, data: Obj }, async ({ req, query }) => {
    const c = at(req);
    const { survey, fields } = await surveyOf(c, query.surveyId);
    const formula = await formulaOf(c, survey.formulaId).catch(() => null);
    const levels = (await levelsOf(c, query.surveyId)).map((l) => ({
      levelName: l.levelName,
      levelCode: l.levelCode,
      minScore: l.minScore,
      maxScore: l.maxScore,
    }));
    return ok({
      survey,
      fields,
      formula: formula && { id: formula.id, formulaName: formula.formulaName, formulaContent: formula.formulaContent },
      levels,
    });
  });
}
