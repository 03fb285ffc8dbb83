import { lazy, memo, Suspense, useRef, type ComponentType } from 'react';
import { orderFeatured } from '@cgg/contracts';
import { CatalogueRoot } from '../components/catalogue-root.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useFeaturedCompetitions } from '../data/use-competitions.ts';
import { useSeoSettings, useSettings } from '../data/use-site-content.ts';
import { Carousel, sliderHeights } from './carousel.tsx';
import { PricingStrip } from './pricing-strip.tsx';
import { AnchorNav } from './anchor-nav.tsx';
import { HomeSection } from './home-section.tsx';
import { useDocumentMeta } from './use-document-meta.ts';
import { AfterGate, useBelowFoldGate } from './below-fold-trigger.tsx';
import type { HomeSectionKey } from './home-sections.ts';
import './home.css';

type BelowFold = typeof import('./below-fold.tsx');
const belowFold = (pick: (m: BelowFold) => ComponentType) => lazy(() => import('./below-fold.tsx').then((m) => ({ default: pick(m) })));

/** Below the first screen, in the spec's order; one chunk, loaded late. */
const deferred: { key: HomeSectionKey; Component: ComponentType }[] = [
  { key: 'next-draw', Component: belowFold((m) => m.NextDrawSection) },
  { key: 'instant-wins', Component: belowFold((m) => m.InstantWinsSection) },
  { key: 'comps-for-everyone', Component: belowFold((m) => m.CompsForEveryoneSection) },
  { key: 'finished-competitions', Component: belowFold((m) => m.FinishedSection) },
  { key: 'wrapper', Component: belowFold((m) => m.WrapperSection) },
];

const placeholder = (key: HomeSectionKey) => (
  <HomeSection sectionKey={key}>
    <Spinner />
  </HomeSection>
);

/**
 * The below-the-fold sections. Memoised on the gate alone (one promise per page): the first
 * screen's data hooks re-render HomeContent while these may still be the server's HTML waiting
 * for their gate, and a prop change to a boundary that has not hydrated yet makes React throw
 * that HTML away and render it again on the client (a needless rebuild of five sections).
 */
const DeferredSections = memo(function DeferredSections({ gate }: { gate: Promise<void> }) {
  return deferred.map(({ key, Component }) => (
    <Suspense key={key} fallback={placeholder(key)}>
      <AfterGate gate={gate} fallback={placeholder(key)}>
        <Component />
      </AfterGate>
    </Suspense>
  ));
});

/** Hooks live below CatalogueRoot, so they use the catalogue's swr cache and rules. */
function HomeContent() {
  const featured = useFeaturedCompetitions();
  const { settings, isLoading: settingsLoading } = useSettings();
  useDocumentMeta(useSeoSettings('home'));
  const belowFoldRef = useRef<HTMLDivElement>(null);
  const belowFold = useBelowFoldGate(belowFoldRef);
  const loadingFirstScreen = featured.isLoading || settingsLoading;
  const competitions = featured.data?.competitions ?? [];

  return (
    <>
      <h1 className="cat-sr-only">CGG Competitions: win cars, tech, cash and holidays</h1>
      <HomeSection sectionKey="carousel" titleHidden className="cat-home__hero">
        {loadingFirstScreen ? (
          // Its height is the carousel's: the settings' slider heights once they are in (before, the CSS's, the seed's).
          <div className="cat-home__hero-placeholder" style={settings ? sliderHeights(settings) : undefined}>
            <Spinner />
          </div>
        ) : featured.error && !featured.data ? (
          <p className="cat-empty">We couldn&apos;t load the competitions just now. Please try again shortly.</p>
        ) : (
          <Carousel slides={orderFeatured(featured.data?.featured ?? [], competitions, settings?.main_competition)} settings={settings} />
        )}
      </HomeSection>
      <HomeSection sectionKey="pricing" titleHidden className="cat-home__pricing-band">
        {featured.isLoading ? <Spinner /> : <PricingStrip competitions={competitions} />}
      </HomeSection>
      <HomeSection sectionKey="anchor-navigation" titleHidden>
        <AnchorNav competitions={featured.data?.competitions} isLoading={featured.isLoading} />
      </HomeSection>
      <div ref={belowFoldRef}>
        <DeferredSections gate={belowFold} />
      </div>
    </>
  );
}

export function HomePage() {
  return (
    <CatalogueRoot className="cat-home">
      <HomeContent />
    </CatalogueRoot>
  );
}
