import { describe, expect, it } from 'vitest';
import { pickableAt } from './lazy-tree-field.tsx';
import type { Opt } from './options.ts';

const node = (value: string, level?: number, children?: Opt[]): Opt => ({ label: value, title: value, value, level, children });

describe('pickableAt (a tree select that takes one level only)', () => {
  it('lets the levels above be opened but not chosen, and makes the level a leaf', () => {
    const tree = [node('省', 1, [node('市', 2, [node('县', 3, [node('镇', 4, [node('村', 5)])])])])];
    const [province] = pickableAt(tree, 4);
    expect(province).toMatchObject({ selectable: false, disableCheckbox: true });
    const town = province.children![0].children![0].children![0];
    expect(town).toMatchObject({ value: '镇', isLeaf: true, children: undefined });
    expect(town.selectable).toBeUndefined();
  });

  it('leaves trees without levels, or without a level asked for, as they are', () => {
    const plain = [node('a', undefined, [node('b')])];
    expect(pickableAt(plain, 4)).toEqual(plain);
    const levelled = [node('省', 1)];
    expect(pickableAt(levelled, undefined)).toBe(levelled);
  });
});
