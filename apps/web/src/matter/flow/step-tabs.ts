import type { ReactNode } from 'react';
import type { VersionStep } from './api.ts';

// Extra tabs of the step editor's side panel. Other parts of the matter configuration (step
// buttons, methods, signing, page tabs, permissions, step materials) register theirs here from their
// own folders; the editor shows every registered tab after its own, in `order`.

/** What a tab gets: the step being edited (its configuration id is null until it is saved). */
export type StepTabContext = { versionId: string; itemId: string; step: VersionStep; elementId: string | null };

export type StepTab = {
  key: string;
  /** Chinese label and its English. */
  label: { zh: string; en: string };
  order?: number;
  render: (ctx: StepTabContext) => ReactNode;
};

const tabs: StepTab[] = [];

/** Adds a tab to every step's panel (a second registration under the same key replaces the first). */
export function registerStepTab(tab: StepTab): void {
  const at = tabs.findIndex((t) => t.key === tab.key);
  if (at >= 0) tabs.splice(at, 1, tab);
  else tabs.push(tab);
}

/** The registered tabs in order. */
export const stepTabs = (): readonly StepTab[] => [...tabs].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
