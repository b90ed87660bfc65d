// The signing figure: a two-page signed form, from template blocks to the signed PDF's hash — the
// work `doCreateSignPdf` then `signed` add on top of the print SQL and the file store: render with
// the Chinese font subset (pdfkit), stamp a signature image (pdf-lib), hash. Its floor, measured in
// the same run: rendering the same two pages alone, which no signed form can skip.
import { crc32, deflateSync } from 'node:zlib';
import { renderPdf } from '../../../apps/server/src/modules/print/pdf.ts';
import { defaultPlacement, sha256, stampSignature } from '../../../apps/server/src/modules/signing/sign-pdf.ts';
import { percentile } from '../stats.ts';

export type SigningFigures = { runs: number; pages: number; p50: number; p95: number; floorP50: number; floorP95: number };

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
};
/** A drawn signature's size: 460×180 RGBA, a stroke across it (what the signing canvas exports). */
function signature(): Buffer {
  const [w, h] = [460, 180];
  const head = Buffer.alloc(13);
  head.writeUInt32BE(w, 0);
  head.writeUInt32BE(h, 4);
  head.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let x = 0; x < w; x++) {
    const y = Math.round(h / 2 + (h / 3) * Math.sin(x / 30));
    raw.set([0, 0, 0, 255], y * (w * 4 + 1) + 1 + x * 4);
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', head), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const form = () => [
  { kind: 'title' as const, text: '临时救助申请审批表' },
  {
    kind: 'table' as const,
    columns: ['姓名', '与申请人关系', '身份证号', '收入（元/月）'],
    rows: Array.from({ length: 12 }, (_, i) => [`家庭成员${i + 1}`, '子女', '110101201503071236', '0']),
  },
  ...Array.from({ length: 40 }, (_, i) => ({
    kind: 'text' as const,
    text: `${i + 1}．申请人承诺所填写的家庭成员、收入和财产状况真实、完整，如有虚假愿承担相应责任。`,
  })),
];

export async function benchSigning(runs = 40): Promise<SigningFigures> {
  const image = { kind: 'png' as const, bytes: signature() };
  const warm = await renderPdf('warm', form()); // the font file is read once per process
  const { PDFDocument } = await import('pdf-lib');
  const pages = (await PDFDocument.load(warm)).getPageCount();
  const full: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await renderPdf('审批表', form());
    floor.push(performance.now() - t);
    t = performance.now();
    const pdf = await renderPdf('审批表', form());
    sha256(pdf);
    const signed = await stampSignature(pdf, image, defaultPlacement(0));
    sha256(signed);
    full.push(performance.now() - t);
  }
  full.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  return {
    runs,
    pages,
    p50: percentile(full, 50),
    p95: percentile(full, 95),
    floorP50: percentile(floor, 50),
    floorP95: percentile(floor, 95),
  };
}
