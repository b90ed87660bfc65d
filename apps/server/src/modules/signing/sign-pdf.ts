import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { badRequest } from '../../core/envelope.ts';

/** The largest signature image: 500 KB, the spec's limit for a person's picture (avatar). */
export const MAX_SIGNATURE_BYTES = 500 * 1024;

export type SignatureImage = { kind: 'png' | 'jpg'; bytes: Buffer };
/** Where a signature goes: page (1-based, 0 = the last), lower-left corner and width in PDF points. */
export type Placement = { pageNo: number; x: number; y: number; width: number };

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const isPng = (b: Buffer) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/**
 * A signature image sent as a data URL (a drawn canvas: `data:image/png;base64,…`) or bare base64
 * (an uploaded file read by the browser). The bytes decide the type, not the label.
 */
export function signatureImageOf(text: string): SignatureImage {
  const b64 = text.replace(/^data:image\/[a-z+]+;base64,/i, '');
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(b64)) throw badRequest('签名图片只能是PNG/JPG格式');
  // A quick bound on the text before decoding it: base64 is 4 characters per 3 bytes.
  if ((b64.length * 3) / 4 > MAX_SIGNATURE_BYTES + 4) throw badRequest('签名图片不能超过500KB');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw badRequest('请先签名或上传签名图片');
  if (bytes.length > MAX_SIGNATURE_BYTES) throw badRequest('签名图片不能超过500KB');
  if (isPng(bytes)) return { kind: 'png', bytes };
  if (isJpeg(bytes)) return { kind: 'jpg', bytes };
  throw badRequest('签名图片只能是PNG/JPG格式');
}

/** Where the n-th signature (0-based) goes by default: rows of three along the last page's foot. */
export function defaultPlacement(n: number): Placement {
  return { pageNo: 0, x: 340 - (n % 3) * 140, y: 40 + Math.floor(n / 3) * 70, width: 120 };
}

/**
 * The PDF with the image drawn on it, scaled to the placement's width (aspect kept). A page
 * number beyond the document, or a placement off the page, is refused rather than clipped.
 */
export async function stampSignature(pdf: Uint8Array, image: SignatureImage, at: Placement): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  const pages = doc.getPages();
  const page = at.pageNo === 0 ? pages[pages.length - 1] : pages[at.pageNo - 1];
  if (!page) throw badRequest(`签名页码超出范围（共${pages.length}页）`);
  let img: Awaited<ReturnType<PDFDocument['embedPng']>>;
  try {
    img = image.kind === 'png' ? await doc.embedPng(image.bytes) : await doc.embedJpg(image.bytes);
  } catch {
    throw badRequest('签名图片已损坏，无法读取');
  }
  const height = (img.height / img.width) * at.width;
  const { width: pw, height: ph } = page.getSize();
  if (at.x < 0 || at.y < 0 || at.x + at.width > pw || at.y + height > ph) throw badRequest('签名位置超出页面范围');
  page.drawImage(img, { x: at.x, y: at.y, width: at.width, height });
  return Buffer.from(await doc.save());
}
