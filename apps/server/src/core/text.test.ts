import { describe, expect, it } from 'vitest';
import { clipText, wellFormed } from './text.ts';

describe('clipText', () => {
  it('cuts by code points, never inside a surrogate pair', () => {
    const s = `a${'😀'.repeat(300)}`;
    const cut = clipText(s, 500);
    expect([...cut].length).toBe(301);
    expect(clipText(s, 4)).toBe('a😀😀😀');
    expect(() => JSON.parse(JSON.stringify(clipText(s.slice(0, 4), 10)))).not.toThrow();
  });

  it('drops NULs and replaces lone surrogates', () => {
    expect(clipText('a\u0000b', 10)).toBe('ab');
    expect(wellFormed('x\uD83Dy\uDE00')).toBe('x\uFFFDy\uFFFD');
    expect(wellFormed('😀')).toBe('😀');
    expect(clipText(null, 3)).toBe('');
  });
});
