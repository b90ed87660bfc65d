import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Block } from './template-text.ts';

// Noto Sans SC (SIL Open Font License), the full TrueType font: pdfkit embeds only the glyphs a
// document uses, so a page stays a few KB however large the font is. The 10 MB font is parsed once
// per process and the parsed font handed to every document (pdfkit takes it as a font source):
// parsing it again cost 50–100 ms a document, several times the rest of the rendering.
const FONT_PATH = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let font: Promise<Font> | null = null;
const parsedFont = () => {
  font ??= readFile(FONT_PATH).then((bytes) => create(bytes));
  return font;
};

const MARGIN = 56;
const CELL_PAD = 4;

type Doc = InstanceType<typeof PDFDocument>;

function drawTable(doc: Doc, columns: string[], rows: string[][]) {
  if (columns.length === 0) return;
  const width = doc.page.width - MARGIN * 2;
  const colW = width / columns.length;
  const bottom = doc.page.height - MARGIN;
  const drawRow = (cells: string[], header: boolean) => {
    doc.fontSize(header ? 10.5 : 10);
    const h = Math.max(...cells.map((c) => doc.heightOfString(c || ' ', { width: colW - CELL_PAD * 2 }))) + CELL_PAD * 2;
    if (doc.y + h > bottom) doc.addPage();
    const y = doc.y;
    cells.forEach((c, i) => {
      const x = MARGIN + i * colW;
      if (header) doc.rect(x, y, colW, h).fillAndStroke('#f0f0f0', '#000000').fillColor('#000000');
      else doc.rect(x, y, colW, h).stroke();
      doc.text(c, x + CELL_PAD, y + CELL_PAD, { width: colW - CELL_PAD * 2 });
    });
    doc.x = MARGIN;
    doc.y = y + h;
  };
  drawRow(columns, true);
  for (const r of rows) drawRow(r, false);
  doc.moveDown(0.5);
}

/** The blocks as an A4 PDF with the Chinese font embedded (subset). */
export async function renderPdf(title: string, blocks: Block[]): Promise<Buffer> {
  const cjk = await parsedFont();
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Producer: 'Civdesk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjk as unknown as Buffer);
  doc.font('cjk').lineGap(3);
  for (const b of blocks) {
    doc.x = MARGIN;
    if (b.kind === 'title') doc.fontSize(18).text(b.text, { align: 'center' }).moveDown(0.5);
    else if (b.kind === 'heading') doc.fontSize(14).text(b.text).moveDown(0.2);
    else if (b.kind === 'text') doc.fontSize(11).text(b.text);
    else if (b.kind === 'gap') doc.moveDown(0.6);
    else drawTable(doc, b.columns, b.rows);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
