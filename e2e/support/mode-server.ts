import { DEMO_TENANT } from './accounts.ts';
import { api, md5 } from './api.ts';

/**
 * A second server for the modes the shared one runs without (switch mode, captcha mode, no
 * tenants): the real app on a free port, in this test process, on a fresh in-memory database with
 * the demo data. The test owns that database, so it can read what only the server knows (a
 * captcha's code) the way a person reads the image.
 */
export async function startModeServer(modes: { switchMode?: boolean; captchaMode?: boolean; tenantMode?: boolean }) {
  // Imported here so the other test files do not load the server.
  const { migrate, openDb } = await import('@civdesk/db');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { seedIfEmpty } = await import('../../apps/server/src/seed/index.ts');
  const { createServer } = await import('node:net');
  const db = await openDb({ memory: true });
  await migrate(db);
  await seedIfEmpty(db, { demo: true, towns: false, passwordGrant: !modes.captchaMode });
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const config = { ...loadConfig({ NODE_ENV: 'development' }), logLevel: 'warn', ...modes };
  const app = await buildApp({ db, config });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  /** The code of a captcha the server issued (lower case, as stored). */
  const captchaCode = async (key: string) =>
    (await db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [key]))[0]?.code;
  return {
    base,
    db,
    captchaCode,
    /** Signs in through the token endpoint with grant captcha, reading the code the server issued. */
    signIn: async (account: string, password: string, tenantId = DEMO_TENANT): Promise<string> => {
      const { key } = (await api('/api/blade-auth/oauth/captcha', { base })).body as { key: string };
      const res = await api('/api/blade-auth/oauth/token', {
        base,
        method: 'POST',
        tenantId,
        headers: { 'captcha-key': key, 'captcha-code': await captchaCode(key) },
        query: { grant_type: 'captcha', username: account, password: md5(password), scope: 'all' },
      });
      if (typeof res.body.access_token !== 'string') throw new Error(`${account} could not sign in: ${JSON.stringify(res.body)}`);
      return res.body.access_token;
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export type ModeServer = Awaited<ReturnType<typeof startModeServer>>;
