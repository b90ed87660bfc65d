import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './rich-text.ts';

describe('rich text sanitising', () => {
  it('keeps formatting and removes scripts, handlers and javascript: links', () => {
    const clean = sanitizeHtml(
      '<p style="color:red"><b>通知</b><img src="/a.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a></p>',
    );
    expect(clean).toContain('<b>通知</b>');
    expect(clean).toContain('style="color:red;"');
    expect(clean).not.toMatch(/onerror|<script|alert\(2\)|javascript:/);
  });
});
