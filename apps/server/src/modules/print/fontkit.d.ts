// fontkit ships no types; pdfkit takes the font object it parses as a font source.
declare module 'fontkit' {
  export type Font = { layout: (...args: unknown[]) => unknown };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
