import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './envelope.ts';

export type Upload = { filename: string; buffer: Buffer };

/**
 * The one file of a multipart upload, read whole. Anything the parser complains about — a body cut
 * short, a missing boundary, broken part headers — is the client's fault and answers 400; a file
 * over `maxBytes` answers 413. `check(filename)` runs before the content is read, so a refused
 * name costs nothing. Returns null when the request carries no file.
 */
export async function readUpload(
  req: FastifyRequest,
  maxBytes: number,
  tooLarge: string,
  check: (filename: string) => void = () => {},
): Promise<Upload | null> {
  if (!req.isMultipart()) return null;
  const malformed = (e: unknown) => {
    if (e instanceof HttpError) return e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, tooLarge);
    req.log.debug({ err: e }, 'malformed multipart body');
    return badRequest('上传内容不完整或格式不正确');
  };
  try {
    const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) return null;
    try {
      check(file.filename);
    } catch (e) {
      file.file.resume();
      throw e;
    }
    const buffer = await file.toBuffer();
    if (file.file.truncated) throw new HttpError(413, tooLarge);
    return { filename: file.filename, buffer };
  } catch (e) {
    throw malformed(e);
  }
}
