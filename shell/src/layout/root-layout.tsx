import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { CookieBanner } from '../cookies/cookie-banner.tsx';
import { InstantWinSlot } from '../instant-wins/instant-win-slot.tsx';
import { ScrollToTop } from '../routes/scroll-to-top.tsx';
import { useFocusOnPageChange } from '../routes/use-focus-on-page-change.ts';
import { useSettings } from '../site-content/use-settings.ts';
import { AnnouncementBar } from './announcement-bar.tsx';
import { useFrontendScripts } from './frontend-scripts.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, page, footer and the global elements around every route. */
export function RootLayout() {
  // Settings through the shared 15-minute cache (the catalogue reads the same stored copy).
  const settings = useSettings();
  useFrontendScripts(settings?.frontend_scripts);
  const main = useRef<HTMLElement>(null);
  useFocusOnPageChange(main);
  return (
    <div className="sh-app">
      <a className="sh-skip-link" href="#sh-main">
        Skip to content
      </a>
      <ScrollToTop />
      <AnnouncementBar settings={settings} />
      <SiteHeader />
      <main ref={main} id="sh-main" className="sh-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CookieBanner />
      <InstantWinSlot />
    </div>
  );
}
