import type { ReactNode } from 'react';
import { homeSection, type HomeSectionKey } from './home-sections.ts';

/** The frame every home section shares: its anchor id, its heading, its key for tests and analytics. */
export function HomeSection({
  sectionKey,
  children,
  action,
  titleHidden = false,
  className = '',
}: {
  sectionKey: HomeSectionKey;
  children: ReactNode;
  action?: ReactNode;
  titleHidden?: boolean;
  className?: string;
}) {
  const { id, title } = homeSection(sectionKey);
  return (
    <section id={id} data-section={sectionKey} aria-labelledby={`${id}-title`} className={`cat-section cat-home__${sectionKey} ${className}`.trim()}>
      <div className="cat-container">
        <div className={titleHidden ? 'cat-sr-only' : 'cat-section__head'}>
          <h2 id={`${id}-title`} className="cat-section__title">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
