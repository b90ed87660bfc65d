/** One entry of a process instance's history (the fields the colouring reads). */
export type HistoryEntry = { historyActivityId?: string; historyActivityType?: string; endTime?: string | null };

export type FlowClass = 'success' | 'primary' | 'warning';

/**
 * An activity with an end time is success, one without is primary (in progress), candidate
 * activities get no class, sequence flows are warning lines; a later entry for the same activity
 * replaces an earlier one.
 */
export function flowClasses(history: HistoryEntry[]): Map<string, FlowClass | null> {
  const out = new Map<string, FlowClass | null>();
  for (const h of history) {
    if (!h.historyActivityId) continue;
    const type = (h.historyActivityType ?? '').toLowerCase();
    let cls: FlowClass | null;
    if (type === 'sequenceflow') cls = 'warning';
    else if (type === 'candidate') cls = null;
    else cls = h.endTime ? 'success' : 'primary';
    out.delete(h.historyActivityId); // keeps the order of the latest entry
    out.set(h.historyActivityId, cls);
  }
  return out;
}

/** A sequence flow of the diagram: its id and the ids of the elements it joins. */
export type FlowEdge = { id: string; source: string; target: string };

/**
 * The sequence flows an instance took when its history names activities only: a flow leaving a
 * finished activity towards one the instance reached. A history that lists flows itself is used as is.
 */
export function takenFlows(edges: FlowEdge[], classes: Map<string, FlowClass | null>): string[] {
  if ([...classes.values()].includes('warning')) return [];
  return edges.filter((e) => classes.get(e.source) === 'success' && classes.get(e.target)).map((e) => e.id);
}

/** The steps worth listing beside the diagram: events and tasks, not flows or gateways. */
export function listedSteps<T extends HistoryEntry>(history: T[]): T[] {
  return history.filter((h) => {
    const type = (h.historyActivityType ?? '').toLowerCase();
    return type !== 'sequenceflow' && type !== 'candidate' && !type.endsWith('gateway');
  });
}
