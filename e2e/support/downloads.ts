import type { Download } from 'playwright-core';

/**
 * The bytes of a finished download. The tests share one Chromium through a connection, so the file
 * is read through Playwright (`download.path()` is not available to a connected client).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
