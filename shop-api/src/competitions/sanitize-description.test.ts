import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description.ts';

describe('sanitizeDescription (DOMPurify on jsdom)', () => {
  it('keeps formatting and drops scripts, handlers, javascript: links and frames', () => {
    const out = sanitizeDescription(
      '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/a.svg" onerror="x()"><iframe src="//evil"></iframe>',
    );
    expect(out).toContain('<p>Hello <strong>there</strong></p>');
    expect(out).toContain('<img src="/a.svg">');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
  });

  it('drops an SVG animate that would turn a link into javascript: (the old blocklist kept it)', () => {
    const out = sanitizeDescription(
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"></animate><text x="20" y="20">Click</text></a></svg>',
    );
    expect(out).not.toMatch(/animate|javascript:|values=/i);
  });

  it('does not let noscript re-serialisation smuggle a handler out of an attribute (mutation XSS)', () => {
    const out = sanitizeDescription('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>');
    expect(out).not.toMatch(/onerror/i);
    // Parsed again, as a browser does with innerHTML, nothing runs either.
    expect(sanitizeDescription(out)).toBe(out);
  });

  it('drops forms and inline styles, keeps links and gives new-tab ones rel="noopener noreferrer"', () => {
    const out = sanitizeDescription(
      '<form action="//evil"><input name="card"><button>Pay</button></form><p style="position:fixed">Cover</p><a href="https://example.test" target="_blank">Rules</a><style>body{display:none}</style>',
    );
    expect(out).not.toMatch(/<form|<input|<button|style/i);
    expect(out).toContain('<p>Cover</p>');
    expect(out).toContain('<a href="https://example.test" target="_blank" rel="noopener noreferrer">Rules</a>');
  });

  it('answers the same text the same way, cached or not', () => {
    const html = '<p>Win <em>big</em><img src=x onerror=alert(1)></p>';
    expect(sanitizeDescription(html)).toBe('<p>Win <em>big</em><img src="x"></p>');
    expect(sanitizeDescription(html)).toBe('<p>Win <em>big</em><img src="x"></p>');
  });
});
