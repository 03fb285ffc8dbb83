import type { ReactNode } from 'react';
import type { SitePageMeta } from '../site-content/site-page-meta.ts';
import { usePageMeta } from '../site-content/use-page-meta.ts';

interface Props extends SitePageMeta {
  intro?: string;
  children?: ReactNode;
}

/** The frame of a shell-owned site page: heading, intro, document title and meta description. */
export function SitePage({ title, intro, seoPage, description, children }: Props) {
  usePageMeta(seoPage, title, description);
  return (
    <article className="sh-page">
      <header className="sh-page__head">
        <h1 className="sh-page__title">{title}</h1>
        {intro ? <p className="sh-page__intro">{intro}</p> : null}
      </header>
      {children}
    </article>
  );
}
