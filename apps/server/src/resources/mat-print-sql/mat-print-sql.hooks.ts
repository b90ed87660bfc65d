import type { ResourceHooks } from '../../crud/hooks.ts';
import { numberParams } from '../../modules/sql-runner/named-params.ts';
import { checkSelect } from '../../modules/sql-runner/sql-check.ts';

/** Print SQL: refused on save unless it is one SELECT the runner would take (the run checks again). */
export const matPrintSqlHooks: ResourceHooks = {
  async beforeWrite(_w, values) {
    if (typeof values.sql === 'string') await checkSelect(numberParams(values.sql).text);
  },
};
