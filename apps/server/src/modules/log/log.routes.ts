import type { FastifyInstance } from 'fastify';
import { Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { nothing } from '../../core/input.ts';
import { routes } from '../../core/route.ts';

/**
 * The health of this server copy's log writer, for whoever watches the platform (the usual log's
 * readers, i.e. the platform administrator): rows written, lost (refused by the database), waiting
 * in memory and kept in the spool while the database is away. A rising `lost` or `spooled` is the
 * alarm; the same figures go to the server log with every failure.
 */
export function registerLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Logs']);
  r.get('/api/blade-log/writer-stats', { auth: { perm: 'log-usual_view' }, summary: '日志写入状态', query: nothing, data: Obj }, async () =>
    ok(app.logs.writer.stats()),
  );
}
