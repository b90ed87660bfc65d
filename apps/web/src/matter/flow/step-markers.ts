import type { VersionStep } from './api.ts';

/** No configuration saved for the step. */
export const UNCONFIGURED = 'matter-unconfigured';
/** Configuration saved, but a required part (usually a transactor) is still missing. */
export const INCOMPLETE = 'matter-incomplete';

/** The diagram markers of a version's steps: unconfigured and incomplete ones. */
export function stepMarkers(steps: readonly VersionStep[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of steps) {
    if (!s.elementId) out[s.userTaskId] = UNCONFIGURED;
    else if (!s.configured) out[s.userTaskId] = INCOMPLETE;
  }
  return out;
}
