import { Outlet } from 'react-router-dom';
import { CookieBanner } from '../cookies/cookie-banner.tsx';
import { ScrollToTop } from '../routes/scroll-to-top.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, page, footer and the global elements around every route. */
export function RootLayout() {
  return (
    <div className="sh-app">
      <a className="sh-skip-link" href="#sh-main">
        Skip to content
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id="sh-main" className="sh-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CookieBanner />
    </div>
  );
}
