import type { Resource } from '@civdesk/meta';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { DbVersionsTable } from './db-versions-table.tsx';

/**
 * The version-upgrade log (each deployment, read only) and beneath it the database versions: the
 * migrations applied to this database, newest first.
 */
export function VersionLogScreen({ resource }: { resource: Resource }) {
  return (
    <>
      <ResourcePage resource={resource} />
      <div style={{ marginTop: 12 }}>
        <DbVersionsTable />
      </div>
    </>
  );
}
