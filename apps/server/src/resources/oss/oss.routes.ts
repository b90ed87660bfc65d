import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { type Call, routes } from '../../core/route.ts';
import { attachments, type FileService, fileService, IMAGE_TYPES_MESSAGE, images } from '../../modules/files/file-service.ts';
import { FILES_BASE } from '../../modules/files/storage.ts';

const upload = { body: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } }, consumes: ['multipart/form-data'] };

// What an upload answers: where the stored file is.
const Uploaded = z.looseObject({ name: z.string(), originalName: z.string(), link: z.string(), domain: z.string(), size: z.number() });

const FilePath = z.object({ tenant: z.string(), day: z.string(), name: z.string() });
// A malformed path or setting id names no file: 404, as for a file that is not there.
const FileQuery = z.object({ oss: z.unknown().optional().describe('the object-storage setting that stored the file') });
const wellFormed = ({ tenant, day, name }: z.output<typeof FilePath>, oss: unknown) =>
  /^[A-Za-z0-9_-]{1,32}$/.test(tenant) &&
  /^\d{8}$/.test(day) &&
  /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/.test(name) &&
  (oss === undefined || (typeof oss === 'string' && /^\d{1,19}$/.test(oss)));

/** Serves a stored file to a signed-in user of its tenant; SVGs cannot run scripts, documents download. */
const readFile =
  (files: FileService) =>
  async ({ req, reply, path, query }: Call<{ path: typeof FilePath; query: typeof FileQuery }>) => {
    if (!wellFormed(path, query.oss)) throw notFound('文件不存在');
    const { kind, found } = await files.read(req, path, query.oss as string | undefined);
    reply
      .header('content-type', kind.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, max-age=86400');
    if (!kind.type.startsWith('image/')) reply.header('content-disposition', `attachment; filename="${path.name}"`);
    if (found.size !== undefined) reply.header('content-length', found.size);
    return reply.send(found.body);
  };

/**
 * Uploads (images, attachments) and reading them back, under the object-storage path: the store
 * is the tenant's enabled setting, or the data folder (modules/files does the work).
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const files = fileService(ctx);
  app.addHook('onClose', files.close);
  const r = routes(app, ctx, ['Files']);
  r.post(`${FILES_BASE}/put-file`, { auth: 'signed-in', summary: '上传图片', docs: upload, data: Uploaded }, async ({ req }) =>
    ok(await files.receive(req, images, IMAGE_TYPES_MESSAGE)),
  );
  r.post(
    `${FILES_BASE}/put-file-attach`,
    { auth: 'signed-in', summary: '上传附件', docs: upload, data: Uploaded.extend({ attachId: z.string() }) },
    async ({ req }) => {
      const f = await files.receive(req, attachments, '不支持的文件类型');
      return ok({ ...f, attachId: f.name });
    },
  );
  r.get(
    `${FILES_BASE}/file/:tenant/:day/:name`,
    { auth: 'signed-in', summary: '读取文件', path: FilePath, query: FileQuery, download: true },
    readFile(files),
  );
}
