import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title.ts';

interface Props {
  title: string;
  intro: string;
  children?: ReactNode;
}

/** The frame of a shell-owned site page; the content of each comes in a later issue. */
export function SitePage({ title, intro, children }: Props) {
  useDocumentTitle(title);
  return (
    <article className="sh-page">
      <header className="sh-page__head">
        <h1 className="sh-page__title">{title}</h1>
        <p className="sh-page__intro">{intro}</p>
      </header>
      {children}
      <section className="sh-page__soon" aria-label="Coming soon">
        <h2>Coming soon</h2>
        <p>This page is being written. In the meantime, our team is happy to help through the contact page.</p>
      </section>
    </article>
  );
}
