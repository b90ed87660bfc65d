import { comFormul } from '@civdesk/resources';
import { notFound } from '../../core/envelope.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { checkFormula } from '../com-formul/formula.ts';
import { registerSurveyRoutes } from './survey.routes.ts';
import { parseSurveyFields } from './survey-fields.ts';

/** A survey's questions must parse, and its formula may read only its questions' fields. */
export const comSurveyHooks: ResourceHooks = {
  async beforeWrite({ db, scope, existing }, values) {
    const fields = parseSurveyFields(values.surveyFields !== undefined ? values.surveyFields : existing?.surveyFields);
    const formulaId = values.formulaId !== undefined ? values.formulaId : existing?.formulaId;
    if (formulaId === undefined || formulaId === null || formulaId === '') return;
    const formula = await findOne(db, comFormul, scope, { id: String(formulaId) });
    if (!formula) throw notFound('计算公式不存在或已被删除');
    checkFormula(
      String(formula.formulaContent),
      String(formula.formulaName),
      fields.map((f) => f.field),
    );
  },
  routes(app, r, ctx) {
    registerSurveyRoutes(app, r, ctx);
  },
};
