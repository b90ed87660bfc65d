import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../print/pdf.ts';
import { signaturePng } from './fixtures/signature-png.ts';
import { defaultPlacement, MAX_SIGNATURE_BYTES, sha256, signatureImageOf, stampSignature } from './sign-pdf.ts';

/** The image XObjects of each page. */
async function imagesPerPage(pdf: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => {
    const xobjects = p.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xobjects) return 0;
    return xobjects
      .keys()
      .map((k) => xobjects.lookup(k))
      .filter((x) => x instanceof PDFRawStream && x.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')).length;
  });
}

const twoPages = () =>
  renderPdf('申请表', [
    { kind: 'title', text: '临时救助申请表' },
    ...Array.from({ length: 60 }, (_, i) => ({ kind: 'text' as const, text: `第${i + 1}行：申请人承诺所填信息真实有效。` })),
  ]);

describe('signature images', () => {
  it('reads a drawn canvas (data URL) and bare base64, and tells PNG from JPEG by the bytes', () => {
    const png = signaturePng();
    expect(signatureImageOf(`data:image/png;base64,${png.toString('base64')}`)).toEqual({ kind: 'png', bytes: png });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect(signatureImageOf(jpeg.toString('base64')).kind).toBe('jpg');
  });

  it('refuses other types, empty and oversized images with a Chinese message', () => {
    const gif = Buffer.from('GIF89a0000000000');
    expect(() => signatureImageOf(gif.toString('base64'))).toThrow('签名图片只能是PNG/JPG格式');
    expect(() => signatureImageOf('not base64 !!')).toThrow('签名图片只能是PNG/JPG格式');
    expect(() => signatureImageOf('data:image/png;base64,')).toThrow('请先签名或上传签名图片');
    const big = Buffer.concat([signaturePng(), Buffer.alloc(MAX_SIGNATURE_BYTES)]);
    expect(() => signatureImageOf(big.toString('base64'))).toThrow('签名图片不能超过500KB');
  });
});

describe('stampSignature', () => {
  it('places the image on the last page of a two-page Chinese PDF, the text kept', async () => {
    const pdf = await twoPages();
    expect(await imagesPerPage(pdf)).toEqual([0, 0]);
    const signed = await stampSignature(pdf, { kind: 'png', bytes: signaturePng() }, defaultPlacement(0));
    expect(await imagesPerPage(signed)).toEqual([0, 1]);
    expect(sha256(signed)).not.toBe(sha256(pdf));
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(signed), useSystemFonts: false }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join('');
    await doc.destroy();
    expect(text).toContain('临时救助申请表');
  });

  it('stacks a second signature beside the first, and refuses a page or place outside the document', async () => {
    const image = { kind: 'png' as const, bytes: signaturePng() };
    const once = await stampSignature(await twoPages(), image, defaultPlacement(0));
    const twice = await stampSignature(once, image, { ...defaultPlacement(1), pageNo: 1 });
    expect(await imagesPerPage(twice)).toEqual([1, 1]);
    expect(defaultPlacement(1).x).not.toBe(defaultPlacement(0).x);
    await expect(stampSignature(once, image, { pageNo: 5, x: 10, y: 10, width: 100 })).rejects.toThrow('签名页码超出范围（共2页）');
    await expect(stampSignature(once, image, { pageNo: 1, x: 560, y: 10, width: 100 })).rejects.toThrow('签名位置超出页面范围');
  });
});
