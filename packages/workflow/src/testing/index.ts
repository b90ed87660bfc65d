// Test helpers for the engine and for the server's own store: apply changes to rows in memory and
// compare them with the snapshot a command returned; run processes end to end.
export { definitions, flows, processXml } from './bpmn.ts';
export { weekdayCalendar } from './calendar.ts';
export { MemoryRuntime, type RuntimeOptions, type StoredEvent } from './runtime.ts';
export { applyChanges, compareWithSnapshot, emptyStored, type StoredInstance, toSnapshot } from './store.ts';
