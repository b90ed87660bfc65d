import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthServices, callerOf } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound, ok } from '../../plugins/envelope.ts';

/** What an upload may be: extension → content type, and how its first bytes must look. */
type Kind = { type: string; magic?: (b: Buffer) => boolean };

const startsWith =
  (...bytes: number[]) =>
  (b: Buffer) =>
    bytes.every((x, i) => b[i] === x);
const images: Record<string, Kind> = {
  jpg: { type: 'image/jpeg', magic: startsWith(0xff, 0xd8, 0xff) },
  jpeg: { type: 'image/jpeg', magic: startsWith(0xff, 0xd8, 0xff) },
  png: { type: 'image/png', magic: startsWith(0x89, 0x50, 0x4e, 0x47) },
  gif: { type: 'image/gif', magic: startsWith(0x47, 0x49, 0x46, 0x38) },
  bmp: { type: 'image/bmp', magic: startsWith(0x42, 0x4d) },
  webp: {
    type: 'image/webp',
    magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  svg: { type: 'image/svg+xml', magic: (b) => /<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8')) },
};
const zip = startsWith(0x50, 0x4b, 0x03, 0x04);
const ole = startsWith(0xd0, 0xcf, 0x11, 0xe0);
/** Attachments: the images plus the office documents case files carry. */
const attachments: Record<string, Kind> = {
  ...images,
  pdf: { type: 'application/pdf', magic: startsWith(0x25, 0x50, 0x44, 0x46) },
  doc: { type: 'application/msword', magic: ole },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: zip },
  xls: { type: 'application/vnd.ms-excel', magic: ole },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: zip },
  ppt: { type: 'application/vnd.ms-powerpoint', magic: ole },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: zip },
  zip: { type: 'application/zip', magic: zip },
  txt: { type: 'text/plain' },
  csv: { type: 'text/csv' },
};

/** Spec 000 §9: sample files 10240 KB. */
export const MAX_UPLOAD = 10 * 1024 * 1024;
export const IMAGE_TYPES_MESSAGE = '上传图片只能是 JPG/PNG/GIF/BMP/WebP/SVG 格式!';
const BASE = '/api/blade-resource/oss/endpoint';

const day = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

/**
 * File upload (spec 000 §7): one multipart file per call, stored in the data folder under
 * `files/<tenant>/<yyyyMMdd>/<random>.<ext>` — the server names it, the original name is only
 * echoed back. Type checked by extension and by the file's first bytes; size at most 10 MB.
 * Files are served back to signed-in users of the same tenant.
 */
export function registerFileRoutes(app: FastifyInstance, auth: AuthServices) {
  const root = join(auth.config.dataDir, 'files');
  const tags = ['Files'];

  const receive = async (req: FastifyRequest, allowed: Record<string, Kind>, typeMessage: string) => {
    if (!req.isMultipart()) throw badRequest('请选择要上传的文件');
    const file = await req.file({ limits: { fileSize: MAX_UPLOAD, files: 1 } });
    if (!file) throw badRequest('请选择要上传的文件');
    const originalName = file.filename.replaceAll('\u0000', '').slice(0, 255) || 'file';
    const ext = (originalName.match(/\.([A-Za-z0-9]{1,8})$/)?.[1] ?? '').toLowerCase();
    const kind = allowed[ext];
    if (!kind) {
      file.file.resume();
      throw badRequest(typeMessage);
    }
    const buf = await file.toBuffer().catch((e: { code?: string }) => {
      throw e.code === 'FST_REQ_FILE_TOO_LARGE' ? new HttpError(413, '文件不能超过10MB') : e;
    });
    if (file.file.truncated) throw new HttpError(413, '文件不能超过10MB');
    if (buf.length === 0) throw badRequest('文件不能为空');
    if (kind.magic && !kind.magic(buf)) throw badRequest(typeMessage);
    const c = callerOf(req);
    const folder = day();
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await mkdir(join(root, c.tenantId, folder), { recursive: true });
    await writeFile(join(root, c.tenantId, folder, name), buf, { flag: 'wx' });
    const path = `${c.tenantId}/${folder}/${name}`;
    return { name: path, originalName, link: `${BASE}/file/${path}`, domain: '', size: buf.length, contentType: kind.type };
  };

  app.post(`${BASE}/put-file`, { config: { auth: 'signed-in' }, schema: { tags, summary: '上传图片' } }, async (req) =>
    ok(await receive(req, images, IMAGE_TYPES_MESSAGE)),
  );
  app.post(`${BASE}/put-file-attach`, { config: { auth: 'signed-in' }, schema: { tags, summary: '上传附件' } }, async (req) => {
    const f = await receive(req, attachments, '不支持的文件类型');
    return ok({ ...f, attachId: f.name });
  });

  app.get(
    `${BASE}/file/:tenant/:day/:name`,
    { config: { auth: 'signed-in' }, schema: { tags, summary: '读取文件' } },
    async (req, reply) => {
      const { tenant, day: d, name } = req.params as Record<string, string>;
      const c = callerOf(req);
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(tenant) || !/^\d{8}$/.test(d) || !/^[0-9a-f]{32}\.[a-z0-9]{1,8}$/.test(name))
        throw notFound('文件不存在');
      if (tenant !== c.tenantId && !c.platformAdmin) throw notFound('文件不存在');
      const kind = attachments[name.split('.')[1]];
      const file = join(root, tenant, d, name);
      const found = await stat(file).catch(() => null);
      if (!kind || !found?.isFile()) throw notFound('文件不存在');
      reply
        .header('content-type', kind.type)
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run scripts.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=86400');
      if (!kind.type.startsWith('image/')) reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.send(createReadStream(file));
    },
  );
}
