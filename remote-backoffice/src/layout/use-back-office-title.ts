import { useEffect } from 'react';

/**
 * The browser tab's title for a back-office screen. Staff keep several screens open in tabs, and a
 * screen reader announces the title on each change of screen, so every screen names itself.
 */
export function useBackOfficeTitle(screen: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${screen} · Back office | CGG Competitions`;
    // A sign-in over the screens (the session ended) hands the title back as it goes.
    return () => {
      document.title = before;
    };
  }, [screen]);
}
