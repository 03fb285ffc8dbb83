import { useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { catalogueSwrConfig } from '../data/swr-config.ts';
import './base.css';

/** Every exposed page renders inside this: the team boundary marker and the catalogue's swr rules. */
export function CatalogueRoot({ children, className = '' }: { children: ReactNode; className?: string }) {
  // Read once per mount: the page's data is a first render's, not a later one's.
  const [config] = useState(catalogueSwrConfig);
  return (
    <SWRConfig value={config}>
      <div data-boundary="catalogue" className={`cat-root ${className}`.trim()}>
        {children}
      </div>
    </SWRConfig>
  );
}
