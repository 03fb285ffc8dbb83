import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { MainContentReady } from '../federation/main-content-ready.tsx';
import { Spinner } from '../layout/spinner.tsx';
import type { ShellPage } from '../routes/route-table.ts';

/*
 * Site pages load on first visit, each in its own chunk: the home page (the catalogue's)
 * does not download the FAQ, contact form or chat code, nor the not-found page and every
 * page's built-in title and description it brought into the start-up file (~1 KB gzip).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Lazy: LazyExoticComponent<ComponentType> = lazy(() => load().then((m) => ({ default: m[name] })));
  // MainContentReady inside the page's own boundary: it commits when the page's code has come
  // and the page has rendered (or hydrated), not when the spinner or the layout around it does.
  const Page = () => (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Lazy />
      <MainContentReady />
    </Suspense>
  );
  Page.displayName = `ShellPage(${name})`;
  return Page;
}

/** The component behind each shell-owned route of the route table. */
export const shellPages: Record<ShellPage, ComponentType> = {
  faq: page(() => import('./faq-page.tsx'), 'FaqPage'),
  'how-it-works': page(() => import('./how-it-works-page.tsx'), 'HowItWorksPage'),
  'legal-terms': page(() => import('./legal-terms-page.tsx'), 'LegalTermsPage'),
  contact: page(() => import('./contact/contact-page.tsx'), 'ContactPage'),
  complaints: page(() => import('./complaints/complaints-page.tsx'), 'ComplaintsPage'),
  'free-postal-route': page(() => import('./free-postal-route-page.tsx'), 'FreePostalRoutePage'),
  'community-chat': page(() => import('./chat/community-chat-page.tsx'), 'CommunityChatPage'),
  'responsible-play': page(() => import('./responsible-play-page.tsx'), 'ResponsiblePlayPage'),
  'not-found': page(() => import('./not-found-page.tsx'), 'NotFoundPage'),
};
