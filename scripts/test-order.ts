import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import durations from './test-durations.json' with { type: 'json' };

// Longest files first within each group of projects sharing workers, whatever their project: with
// a few workers and no timing cache (a clean CI clone), vitest would otherwise start the files by
// size, and a long walk that starts last runs alone while the other workers idle.
// `scripts/test-durations.json` holds seconds per file from a full run (`npm test --
// --save-durations` refreshes it); a file not listed counts as short.
const seconds = durations as Record<string, number>;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification) => seconds[relative(root, f.moduleId)] ?? 0;
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    // Stable: files of equal cost keep vitest's own order.
    return [...base].sort((a, b) => group(a) - group(b) || cost(b) - cost(a));
  }
}
