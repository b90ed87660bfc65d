import type { Queryable } from '@civdesk/db';
import { comFormul, comSurvey, conLevelCalc } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { insert } from '../../crud/repository.ts';

const questions = [
  { field: 'income', label: '家庭人均月收入(元)', type: 'number', required: true },
  {
    field: 'guardian',
    label: '监护情况',
    type: 'choice',
    required: true,
    options: [
      { value: 'normal', label: '监护正常', score: 0 },
      { value: 'weak', label: '监护能力不足', score: 20 },
      { value: 'missing', label: '监护缺失', score: 40 },
    ],
  },
  {
    field: 'health',
    label: '儿童健康状况',
    type: 'choice',
    options: [
      { value: 'good', label: '健康', score: 0 },
      { value: 'ill', label: '重病', score: 20 },
      { value: 'disabled', label: '残疾', score: 30 },
    ],
  },
];

/** A demo assessment: the difficulty of a child's situation scored from income, guardianship and health. */
export async function seedCatalogueSurvey(t: Queryable, scope: Scope): Promise<void> {
  const formula = await insert(t, comFormul, scope, {
    formulaName: '困境程度评分',
    formulaCode: 'KJCD-01',
    formulaContent: 'max(0, 40 - income / 50) + guardian + health',
    note: '收入越低、监护越弱、健康越差分数越高',
  });
  const survey = await insert(t, comSurvey, scope, {
    parentId: '0',
    surveyName: '困境儿童评估问卷',
    surveyCode: 'KJET-PG-01',
    formulaId: formula.id,
    surveyFields: JSON.stringify(questions),
    orderNum: 1,
  });
  for (const [levelName, levelCode, minScore, maxScore] of [
    ['一般', '1', '0', '30'],
    ['困难', '2', '30', '60'],
    ['特别困难', '3', '60', null],
  ]) {
    await insert(t, conLevelCalc, scope, { surveyId: survey.id, levelName, levelCode, minScore, maxScore });
  }
}
