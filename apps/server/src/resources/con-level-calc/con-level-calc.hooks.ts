import { badRequest } from '../../core/envelope.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A band's lower bound must not exceed its upper bound. */
export const conLevelCalcHooks: ResourceHooks = {
  async beforeWrite({ existing }, values) {
    const min = values.minScore !== undefined ? values.minScore : existing?.minScore;
    const max = values.maxScore !== undefined ? values.maxScore : existing?.maxScore;
    if (given(min) && given(max) && Number(min) >= Number(max)) throw badRequest('最低分必须小于最高分');
  },
};
