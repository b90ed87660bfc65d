import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { badRequest, HttpError, notFound } from '../../core/envelope.ts';
import { callerOf } from '../../core/request.ts';
import { readUpload } from '../../core/upload.ts';
import { localStore } from './local-store.ts';
import { enabledSetting, settingById } from './oss-settings.ts';
import { type S3Setting, s3Clients, s3ConfigOf, s3Store } from './s3-store.ts';
import { FILES_BASE, type FileStore, hostAllowed, StoreError } from './storage.ts';

const nameOf = (filename: string) => filename.replaceAll('\u0000', '').slice(0, 255) || 'file';
const extOf = (filename: string) => (nameOf(filename).match(/\.([A-Za-z0-9]{1,8})$/)?.[1] ?? '').toLowerCase();

/** What an upload may be: extension → content type, and how its first bytes must look. */
export type Kind = { type: string; magic?: (b: Buffer) => boolean };

const startsWith =
  (...bytes: number[]) =>
  (b: Buffer) =>
    bytes.every((x, i) => b[i] === x);
export const images: Record<string, Kind> = {
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
export const attachments: Record<string, Kind> = {
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

/** The largest upload: 10 MB (10240 KB). */
export const MAX_UPLOAD = 10 * 1024 * 1024;
export const IMAGE_TYPES_MESSAGE = '上传图片只能是 JPG/PNG/GIF/BMP/WebP/SVG 格式!';

const day = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

export type Uploaded = { name: string; originalName: string; link: string; domain: string; size: number; contentType: string };
export type FileService = {
  /** Receives one multipart file of an allowed kind into the caller's tenant's store. */
  receive(req: FastifyRequest, allowed: Record<string, Kind>, typeMessage: string): Promise<Uploaded>;
  /** A stored file of `<tenant>/<day>/<name>`, from the store that holds it (`oss`: the setting's id). */
  read(
    req: FastifyRequest,
    key: { tenant: string; day: string; name: string },
    oss: string | undefined,
  ): Promise<{ kind: Kind; found: { body: unknown; size?: number } }>;
  /** Stores bytes the server produced (a generated PDF) in the tenant's store; answers the link. */
  store(tenantId: string, ext: string, body: Buffer): Promise<string>;
  /** The bytes of a file of the tenant by the link `store`/`receive` answered, or null when it is not there. */
  bytesOf(tenantId: string, link: string): Promise<Buffer | null>;
  close(): Promise<void>;
};

const LINK = new RegExp(
  `^${FILES_BASE.replaceAll('/', '\\/')}\\/file\\/([A-Za-z0-9_-]{1,32})\\/(\\d{8})\\/([0-9a-f]{32}\\.[a-z0-9]{1,8})(?:\\?oss=(\\d{1,19}))?$`,
);

/**
 * Files: one multipart file per upload, stored under the key `<tenant>/<yyyyMMdd>/<random>.<ext>`
 * — the server names it, the original name is only echoed back — in the tenant's enabled
 * object-storage setting, or the data folder's `files/` when none is. Type checked by extension
 * and by the file's first bytes; size at most 10 MB. Files are served back by this server to
 * signed-in users of the same tenant, whatever store holds them.
 */
export function fileService(ctx: AppContext): FileService {
  const local = localStore(join(ctx.config.dataDir, 'files'));
  const clients = s3Clients();
  // The server only contacts hosts the platform allowed: a setting is not a way to probe the network.
  const storeOf = async (s: S3Setting | null): Promise<FileStore> => {
    if (!s || s.category === 0) return local;
    const host = new URL(s3ConfigOf(s).config.endpoint as string).hostname;
    if (!hostAllowed(host, await ctx.params.get('oss.allowedHosts')))
      throw new StoreError(403, `对象存储主机 ${host} 不在允许列表中(参数 oss.allowedHosts)`);
    return s3Store(s, clients);
  };
  /** A store's failure as the user's message (its cause logged for the administrator). */
  const storeFailure = (req: FastifyRequest, e: unknown, what: string) => {
    if (!(e instanceof StoreError)) return e;
    req.log.warn({ err: e.cause ?? e }, 'object storage failed');
    return new HttpError(e.status, `${what}: ${e.message}`);
  };

  const receive: FileService['receive'] = async (req, allowed, typeMessage) => {
    const file = await readUpload(req, MAX_UPLOAD, '文件不能超过10MB', (filename) => {
      if (!allowed[extOf(filename)]) throw badRequest(typeMessage);
    });
    if (!file) throw badRequest('请选择要上传的文件');
    const originalName = nameOf(file.filename);
    const ext = extOf(originalName);
    const kind = allowed[ext];
    if (!kind) throw badRequest(typeMessage);
    const buf = file.buffer;
    if (buf.length === 0) throw badRequest('文件不能为空');
    if (kind.magic && !kind.magic(buf)) throw badRequest(typeMessage);
    const c = callerOf(req);
    const path = `${c.tenantId}/${day()}/${randomBytes(16).toString('hex')}.${ext}`;
    let link: string;
    try {
      ({ link } = await (await storeOf(await enabledSetting(ctx.db, c.tenantId))).put(path, buf, kind.type));
    } catch (e) {
      throw storeFailure(req, e, '文件上传失败');
    }
    return { name: path, originalName, link, domain: '', size: buf.length, contentType: kind.type };
  };

  const read: FileService['read'] = async (req, { tenant, day: d, name }, oss) => {
    const c = callerOf(req);
    if (tenant !== c.tenantId && !c.platformAdmin) throw notFound('文件不存在');
    const kind = attachments[name.split('.')[1]];
    if (!kind) throw notFound('文件不存在');
    let found: Awaited<ReturnType<FileStore['get']>>;
    try {
      // `?oss=<id>`: the setting that stored it (a removed setting's files are gone with it).
      const setting = oss === undefined ? null : await settingById(ctx.db, tenant, oss);
      if (oss !== undefined && !setting) throw notFound('文件不存在');
      found = await (await storeOf(setting)).get(`${tenant}/${d}/${name}`);
    } catch (e) {
      throw storeFailure(req, e, '文件读取失败');
    }
    if (!found) throw notFound('文件不存在');
    return { kind, found };
  };

  const store: FileService['store'] = async (tenantId, ext, body) => {
    const kind = attachments[ext];
    if (!kind) throw new Error(`unknown file kind ${ext}`);
    const path = `${tenantId}/${day()}/${randomBytes(16).toString('hex')}.${ext}`;
    return (await (await storeOf(await enabledSetting(ctx.db, tenantId))).put(path, body, kind.type)).link;
  };

  const bytesOf: FileService['bytesOf'] = async (tenantId, link) => {
    const m = LINK.exec(link);
    if (!m || m[1] !== tenantId) return null;
    const [, tenant, d, name, oss] = m;
    const setting = oss === undefined ? null : await settingById(ctx.db, tenant, oss);
    if (oss !== undefined && !setting) return null;
    const found = await (await storeOf(setting)).get(`${tenant}/${d}/${name}`);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const c of found.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
    return Buffer.concat(chunks);
  };

  return { receive, read, store, bytesOf, close: async () => clients.close() };
}
