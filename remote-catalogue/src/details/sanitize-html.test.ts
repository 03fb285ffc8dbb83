import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml (DOMPurify in the browser)', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/a.svg" onerror="x()"><iframe src="//evil"></iframe>',
    );
    expect(out).toContain('<strong>there</strong>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(out).toContain('<img src="/a.svg">');
  });

  it('drops an SVG animate that would turn a link into javascript: (the old blocklist kept it)', () => {
    const out = sanitizeHtml('<svg><a><animate attributeName="href" values="javascript:alert(1)"></animate><text x="20" y="20">Click</text></a></svg>');
    expect(out).not.toMatch(/animate|javascript:|values=/i);
  });

  it('does not let noscript re-serialisation smuggle a handler out of an attribute (mutation XSS)', () => {
    const out = sanitizeHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>');
    expect(out).not.toMatch(/onerror/i);
    const host = document.createElement('div');
    host.innerHTML = out;
    expect(host.querySelector('[onerror]')).toBeNull();
  });

  it('drops forms and inline styles, and gives new-tab links rel="noopener noreferrer"', () => {
    const out = sanitizeHtml('<form action="//evil"><input name="card"></form><p style="position:fixed">Cover</p><a href="https://example.test" target="_blank">Rules</a>');
    expect(out).not.toMatch(/<form|<input|style/i);
    expect(out).toContain('<a href="https://example.test" target="_blank" rel="noopener noreferrer">Rules</a>');
  });

  it('returns the input unchanged where there is no window (the shell\'s server renders the API\'s already-clean HTML)', () => {
    const saved = globalThis.window;
    try {
      // @ts-expect-error: the server has no window
      delete globalThis.window;
      expect(sanitizeHtml('<p>As <em>sent</em></p>')).toBe('<p>As <em>sent</em></p>');
    } finally {
      globalThis.window = saved;
    }
  });
});
