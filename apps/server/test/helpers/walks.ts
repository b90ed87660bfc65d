import { inject } from 'vitest';

/**
 * Whether this project runs the generated walks (every route for every caller, every field with
 * hostile values). They check the engine's rules, which send the same SQL to either database, and
 * are the longest files of the suite: a run that has PostgreSQL (production's database) walks them
 * there only; a run on PGlite alone walks them on PGlite.
 */
export const walksHere = inject('dbKind') === 'pg' || !process.env.TEST_DATABASE_URL;
