/** One entry of a process instance's history (spec 000 §4). */
export type HistoryEntry = { historyActivityId: string; historyActivityType?: string; endTime?: string | null };

export type FlowClass = 'success' | 'primary' | 'warning';

/**
 * Spec 000 §4: an activity with an end time is success, one without is primary (in progress),
 * candidate activities get no class, sequence flows are warning lines; a later entry for the
 * same activity replaces an earlier one.
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
