import { DbVersionsTable } from '../resources/version-log/db-versions-table.tsx';

/** The database versions on a page of their own (/dbversions/manager). */
export function DbVersionsPage() {
  return <DbVersionsTable />;
}
