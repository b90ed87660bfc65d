import type { ResourceHooks } from '../../crud/hooks.ts';
import { compileFormula } from './formula.ts';

/** A formula that does not parse is never saved. */
export const comFormulHooks: ResourceHooks = {
  async beforeWrite({ existing }, values) {
    const text = values.formulaContent ?? existing?.formulaContent;
    const name = values.formulaName ?? existing?.formulaName ?? '';
    if (typeof text === 'string') compileFormula(text, String(name));
  },
};
