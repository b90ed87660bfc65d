import type { Db } from '@civdesk/db';
import type { Config } from '../config.ts';
import type { GrantStore } from './grant-store.ts';
import type { ParamStore } from './param-store.ts';
import type { SessionStore } from './session-store.ts';

/**
 * What every part of the app shares, one per server copy: the database, the configuration, the
 * token signing key and the per-copy caches of sessions, grants and parameters. `app.ts` builds it
 * once and hands it to every registrar.
 */
export type AppContext = {
  db: Db;
  config: Config;
  /** The time zone dates are read and shown in (`config.timeZone`). */
  tz: string;
  /** The token signing key. */
  key: Uint8Array;
  sessions: SessionStore;
  grants: GrantStore;
  params: ParamStore;
};
