const BLOCKED_TAGS = 'script,style,iframe,object,embed,link,meta,base,form,input,button,textarea,select';

/**
 * The description is operator HTML from our own API, still rendered defensively: no
 * scripts or embedded frames, no event-handler attributes, no `javascript:` links.
 * DOMParser never runs what it parses.
 */
export function sanitizeHtml(html: string): string {
  // On the shell's server (no DOM) the description is rendered as the API sent it: the API cleans it.
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll(BLOCKED_TAGS))) el.remove();
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/\s+/g, '').toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') el.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action') && /^(javascript|vbscript|data):/.test(value) && !value.startsWith('data:image/')) {
        el.removeAttribute(attr.name);
      }
    }
    if (el.tagName === 'A' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
  }
  return doc.body.innerHTML;
}
