import { useEffect } from 'react';

/** Sets the tab title for a shell page; remotes set their own. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | CGG Competitions`;
  }, [title]);
}
