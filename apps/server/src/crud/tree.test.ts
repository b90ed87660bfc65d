import { describe, expect, it } from 'vitest';
import { mergeForest } from './tree.ts';

describe('mergeForest', () => {
  it('keeps input order, nests children under listed parents and omits empty children', () => {
    const forest = mergeForest([
      { id: '1', parentId: '0' },
      { id: '2', parentId: '1' },
      { id: '3', parentId: '9' }, // orphan: its parent is not listed, so it is a root
      { id: '4', parentId: '1' },
    ]);
    expect(forest.map((n) => n.id)).toEqual(['1', '3']);
    expect(forest[0].children?.map((n) => n.id)).toEqual(['2', '4']);
    expect(forest[0].hasChildren).toBe(true);
    expect(forest[1]).not.toHaveProperty('children');
    expect(forest[1].hasChildren).toBe(false);
  });

  it("throws 'data must be an array' for anything else", () => {
    expect(() => mergeForest({} as never)).toThrow('data must be an array');
  });
});
