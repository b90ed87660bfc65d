import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * A brotli and a gzip copy beside each text file of the build, at the highest levels: the server
 * sends the copy the browser accepts (apps/server/src/plugins/web.ts), so the JavaScript crosses
 * the network compressed and no request pays for compressing it. Files under 1 KB stay as they are.
 */
export const compressed = () =>
  compression({
    include: /\.(js|css|html|svg)$/,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
  });
