import { permCode } from '@civdesk/meta';
import { z } from 'zod';
import { id } from '../../core/input.ts';
import { plain, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { previewPdf } from '../../modules/print/print-service.ts';

const PreviewPath = z.object({ id });
// Any further query parameter is bound by name in the template's print SQL (:applyId, :itemId …).
const PreviewQuery = z
  .object({
    applyId: z.string().optional().describe('bound as :applyId'),
    itemId: z.string().optional().describe('bound as :itemId'),
  })
  .catchall(z.unknown());

/** The template filled from its print SQL, as a PDF opened inline in the browser. */
async function preview({ ctx, req, reply, path }: Call<{ path: typeof PreviewPath; query: typeof PreviewQuery }>) {
  const params = Object.fromEntries(Object.entries(plain(req.query)).filter(([k, v]) => typeof v === 'string' && k !== 'blade-auth'));
  const { name, pdf } = await previewPdf(ctx.db, scopeOf(req), path.id, params);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}.pdf`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

export const matPrintTemplateHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/previewPDF/:id`,
      {
        auth: { perm: permCode(r, 'view') },
        summary: '预览打印模板(PDF)',
        path: PreviewPath,
        query: PreviewQuery,
        download: true,
        answer: { type: 'string', format: 'binary', description: 'application/pdf' },
      },
      preview,
    );
  },
};
