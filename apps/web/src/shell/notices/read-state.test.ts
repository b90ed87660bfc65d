import { beforeEach, describe, expect, it } from 'vitest';
import { hasUnread, isRead, MAX_READ_IDS, markRead, readIds } from './read-state.ts';

beforeEach(() => localStorage.clear());

describe('notice read state', () => {
  it('keeps read ids per browser; the dot shows while any listed notice is unread', () => {
    const list = [{ id: '1' }, { id: '2' }];
    expect(hasUnread(list)).toBe(true);
    markRead('1');
    expect(isRead('1')).toBe(true);
    expect(hasUnread(list)).toBe(true);
    markRead('2');
    markRead('2');
    expect(readIds()).toEqual(['1', '2']);
    expect(hasUnread(list)).toBe(false);
    expect(hasUnread([])).toBe(false);
  });

  it('forgets the oldest ids beyond the limit', () => {
    for (let i = 0; i < MAX_READ_IDS + 5; i++) markRead(String(i));
    expect(readIds()).toHaveLength(MAX_READ_IDS);
    expect(isRead('0')).toBe(false);
    expect(isRead(String(MAX_READ_IDS + 4))).toBe(true);
  });
});
