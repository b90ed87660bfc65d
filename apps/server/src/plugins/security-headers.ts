import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The browser-side policy of every answer (HTML, assets and API alike), by @fastify/helmet:
 *
 * - CSP: everything from the app's own origin; scripts only from files (the built index.html has
 *   no inline script, so none is allowed). Styles also inline: antd writes its CSS-in-JS into
 *   `<style>` elements at run time, and a nonce would need index.html rendered per request; inline
 *   styles cannot run code. Images also `data:`/`blob:` (antd's icons, previews of picked files);
 *   frames any http(s) page, since a menu entry may show an external page inside the shell.
 * - No one may frame the app (`frame-ancestors 'none'`, `X-Frame-Options: DENY`); nosniff; the
 *   Referer leaves the origin without path or query (tokens of download links stay home).
 * - HSTS only on a request that arrived over TLS (directly, or per `X-Forwarded-Proto` from a
 *   trusted proxy): sent over plain HTTP it would lock a LAN install out of its own address.
 * - `Cache-Control: no-store` on /api answers (they carry personal data); a route that answers a
 *   content-named file sets its own.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'http:', 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api')) reply.header('cache-control', 'no-store');
  });
}
