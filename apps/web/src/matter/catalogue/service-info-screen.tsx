import type { Resource } from '@civdesk/meta';
import { ResourcePage } from '../../crud/resource-page.tsx';

/** The service guide's detail is its own call (by id or by matter), so the list says it can view and edit. */
export const guideCan = { view: true, edit: true };

export function ServiceInfoScreen({ resource }: { resource: Resource }) {
  return <ResourcePage resource={resource} can={guideCan} />;
}
