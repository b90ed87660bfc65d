import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { FastifyInstance } from 'fastify';

export type TlsOptions = { port: number; host?: string; cert: string | Buffer; key: string | Buffer };

/**
 * The HTTPS listener of digital-certificate sign-in: the same app as the HTTP listener, on a TLS
 * socket that asks every browser for a client certificate but does not require one (the rest of
 * the app works without) and verifies none itself: which CAs are trusted is each tenant's choice,
 * so grant `certificate` checks the chain, dates and revocation. The handshake has already proved
 * that the client holds the certificate's private key. The caller closes it (before the app).
 */
export async function startTlsListener(app: FastifyInstance, o: TlsOptions): Promise<Server> {
  await app.ready();
  const server = createServer({ cert: o.cert, key: o.key, requestCert: true, rejectUnauthorized: false }, (req, res) =>
    app.routing(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  return server;
}

/** The listener from the TLS_* settings' files. */
export const tlsFromFiles = (t: { port: number; certFile: string; keyFile: string }, host: string): TlsOptions => ({
  port: t.port,
  host,
  cert: readFileSync(t.certFile),
  key: readFileSync(t.keyFile),
});
