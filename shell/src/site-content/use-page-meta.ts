import { loadSeoSettings, loadZod, readCached, seoCacheRule } from '@cgg/contracts';
import { useEffect } from 'react';

const SITE = 'CGG Competitions';

function setMetaDescription(text: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = text;
}

/**
 * Sets the tab title and meta description of a shell page: the page's SEO row from the
 * API (operator-edited, cached 15 minutes like the home's), else the given fallbacks.
 */
export function usePageMeta(seoPage: string | null, title: string, description: string): void {
  useEffect(() => {
    const apply = (pageTitle: string, text: string) => {
      document.title = pageTitle;
      setMetaDescription(text);
    };
    let live = true;
    // The stored SEO row is checked with zod, which may not be on the page yet (@cgg/contracts,
    // src/zod/); a server-rendered page's head is already right meanwhile.
    void loadZod()
      .catch(() => undefined)
      .then(() => {
        if (!live) return undefined;
        const cached = seoPage ? readCached(seoCacheRule(seoPage))?.value : undefined;
        apply(cached?.page_title || `${title} | ${SITE}`, cached?.meta_description || description);
        return seoPage ? loadSeoSettings(seoPage) : undefined;
      })
      .then((seo) => {
        if (live && seo) apply(seo.page_title || `${title} | ${SITE}`, seo.meta_description || description);
      });
    return () => {
      live = false;
    };
  }, [seoPage, title, description]);
}
