import { getData } from '../api/request.ts';

export type UpgradeStatus = 'pending' | 'running' | 'done';
export type UpgradeProgress = { version: string; current: string; status: UpgradeStatus; total: number; applied: number; percent: number };
export type UpgradeDone = UpgradeProgress & { deployTime: string | null; oldVersion: string | null };
export type UpgradeRecord = {
  version: string;
  oldVersion: string;
  deployTime: string;
  current: string;
  status: UpgradeStatus;
  migrations: { version: string; name: string; appliedTime: string }[];
};

const base = '/api/blade-upgrade/upgrade';
const v = (version: string) => encodeURIComponent(version);

/** The version the server runs. */
export const currentVersion = () => getData<{ version: string; must: boolean }>(`${base}/check`).then((d) => d.version);

/** Polled while an upgrade runs: the server may be restarting, so failures stay quiet and polling goes on. */
export const upgradeProgress = (version: string) =>
  getData<UpgradeProgress>(`${base}/progress/${v(version)}`, undefined, { meta: { silentCodes: 'all' } });

export const upgradeDone = (version: string) => getData<UpgradeDone>(`${base}/done/${v(version)}`);

export const upgradeRecord = (version: string) => getData<UpgradeRecord>(`${base}/${v(version)}`);
