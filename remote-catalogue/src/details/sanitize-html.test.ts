import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/a.svg" onerror="x()"><iframe src="//evil"></iframe>',
    );
    expect(out).toContain('<strong>there</strong>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(out).toContain('<img src="/a.svg">');
  });
});
