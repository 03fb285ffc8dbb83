import { useEffect } from 'react';
import type { SeoSettings } from '@cgg/contracts';

function metaTag(attr: 'name' | 'property', key: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Title, description and meta title from the SEO settings. While they are missing (or
 * failed, which is silent) they stay empty, as the spec says; leaving the page puts
 * back what was there before.
 */
export function useDocumentMeta(seo: SeoSettings | undefined): void {
  useEffect(() => {
    const previousTitle = document.title;
    const description = metaTag('name', 'description');
    const previousDescription = description.content;
    return () => {
      document.title = previousTitle;
      description.content = previousDescription;
    };
  }, []);
  useEffect(() => {
    document.title = seo?.page_title ?? '';
    metaTag('name', 'description').content = seo?.meta_description ?? '';
    metaTag('property', 'og:title').content = seo?.meta_title ?? '';
  }, [seo]);
}
