import { type Db, migrate, openDb } from '@civdesk/db';
import type { Config } from './config.ts';
import { appVersion, recordDeployment } from './modules/upgrade/versions.ts';
import { seedIfEmpty } from './seed/index.ts';

/** Opens the configured database (PGlite under DATA_DIR by default), migrates and seeds it. */
export async function openDatabase(config: Config, log: (msg: string) => void = console.log): Promise<Db> {
  const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir, prepare: config.prepareStatements });
  try {
    const applied = await migrate(db);
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    if (await seedIfEmpty(db, { demo: config.demo, towns: config.seedTowns, passwordGrant: !config.captchaMode, log }))
      log(`seeded a new database${config.demo ? ' with demo data' : ''}`);
    if (await recordDeployment(db)) log(`recorded the deployment of version ${appVersion}`);
    return db;
  } catch (e) {
    await db.close();
    throw e;
  }
}
