import { DataDirLockedError } from '@civdesk/db';
import { buildApp } from './app.ts';
import { openDatabase } from './boot.ts';
import { loadConfig } from './config.ts';
import { UnfitKeyError } from './core/tokens.ts';
import { startTlsListener, tlsFromFiles } from './modules/auth/tls-listener.ts';
import { appVersion } from './modules/upgrade/versions.ts';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const db = await openDatabase(config);
  const app = await buildApp({ db, config }).catch(async (e) => {
    await db.close();
    throw e;
  });
  let closing = false;
  let tls: Awaited<ReturnType<typeof startTlsListener>> | undefined;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      tls?.closeAllConnections();
      tls?.close();
      await app.close();
    } finally {
      await db.close(); // PGlite flushes and releases the data folder
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Digital-certificate sign-in: an HTTPS listener that asks for a client certificate (TLS_* settings).
  if (config.tls) {
    tls = await startTlsListener(app, tlsFromFiles(config.tls, config.host));
    app.log.info(`HTTPS with client certificates on port ${config.tls.port}`);
  }
  app.logs.usual('info', 'startup', `Civdesk ${appVersion} started on ${db.kind}`);
  app.log.info(`Civdesk ready on http://localhost:${config.port} (${db.kind}, ${Date.now() - started} ms)`);
}

main().catch((e) => {
  if (e instanceof DataDirLockedError || e instanceof UnfitKeyError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});
