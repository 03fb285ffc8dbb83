import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { catalogueSwrConfig } from '../data/swr-config.ts';
import './base.css';

/** Every exposed page renders inside this: the team boundary marker and the catalogue's swr rules. */
export function CatalogueRoot({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <SWRConfig value={catalogueSwrConfig}>
      <div data-boundary="catalogue" className={`cat-root ${className}`.trim()}>
        {children}
      </div>
    </SWRConfig>
  );
}
