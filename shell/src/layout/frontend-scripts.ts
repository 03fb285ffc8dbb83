import { useEffect } from 'react';

/** The nonce the shell's server put on this page's scripts (and in its CSP). */
export function pageNonce(doc: Document = document): string {
  for (const script of doc.querySelectorAll('script')) {
    // Browsers hide the attribute once the CSP applies; the property keeps it.
    if (script.nonce) return script.nonce;
  }
  return '';
}

const injected = new Set<string>();

/**
 * Injects settings.frontend_scripts (operator content, e.g. an analytics snippet) into
 * the page's script area once per page load. Markup parsed from a string never runs
 * its scripts, so each <script> is re-created and given the page's CSP nonce: only
 * what the operator configured runs, nothing from other content.
 */
export function injectFrontendScripts(html: string, container: HTMLElement, nonce: string): number {
  const source = html.trim();
  if (!source || injected.has(source)) return 0;
  injected.add(source);
  const template = container.ownerDocument.createElement('template');
  template.innerHTML = source;
  let scripts = 0;
  for (const node of [...template.content.childNodes]) {
    if (node instanceof HTMLScriptElement) {
      const script = container.ownerDocument.createElement('script');
      for (const attr of node.attributes) if (attr.name !== 'nonce') script.setAttribute(attr.name, attr.value);
      script.nonce = nonce;
      // Keep the operator's order for external scripts too.
      script.async = false;
      script.textContent = node.textContent;
      container.append(script);
      scripts += 1;
    } else {
      container.append(node);
    }
  }
  return scripts;
}

/** For tests. */
export function forgetInjectedScripts(): void {
  injected.clear();
}

export function useFrontendScripts(html: string | undefined): void {
  useEffect(() => {
    const container = document.getElementById('cgg-frontend-scripts');
    if (!html || !container) return;
    injectFrontendScripts(html, container, pageNonce());
  }, [html]);
}
