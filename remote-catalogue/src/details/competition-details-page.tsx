import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { ApiError, drawDateTime, isNew, parseCompetitionId, ticketsLeft, type Competition } from '@cgg/contracts';
import { CatalogueRoot } from '../components/catalogue-root.tsx';
import { Spinner } from '../components/spinner.tsx';
import { PriceTag } from '../components/price-tag.tsx';
import { TicketProgress } from '../components/progress-bar.tsx';
import { DrawCountdown } from '../components/draw-countdown.tsx';
import { useRenderTime } from '../components/use-now.ts';
import { CardGrid } from '../components/card-grid.tsx';
import { drawWhenText } from '../components/draw-when.tsx';
import { competitionStoreAtom } from '../data/competition-store.ts';
import { forgetFetchedCompetition, readFetchedCompetition, rememberFetchedCompetition } from '../data/local-keys.ts';
import { useCompetition, useOtherCompetitions } from '../data/use-competitions.ts';
import { useSettings } from '../data/use-site-content.ts';
import { Gallery } from './gallery.tsx';
import { EntryPanel } from './entry-panel.tsx';
import { InstantWinPrizes } from './instant-win-prizes.tsx';
import { RewardWins } from './reward-wins.tsx';
import { Odds } from './odds.tsx';
import { FreeEntryRoute } from './free-entry-route.tsx';
import { HowWinnerChosen } from './how-winner-chosen.tsx';
import { sanitizeHtml } from './sanitize-html.ts';
import './competition-details-page.css';

function NotFound() {
  return (
    <div className="cat-container cat-details__missing">
      <h1>Competition not found</h1>
      <p>This competition doesn&apos;t exist or is no longer available.</p>
      <Link className="cat-btn" to="/competitions/all">
        Browse competitions
      </Link>
    </div>
  );
}

const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function Recommended({ id }: { id: number }) {
  const { data, isLoading } = useOtherCompetitions(id);
  const setStore = useSetAtom(competitionStoreAtom);
  useEffect(() => {
    if (data) setStore((s) => ({ ...s, recommended: data }));
  }, [data, setStore]);
  return (
    <section className="cat-details__block" aria-labelledby="cat-recommended-title">
      <h2 id="cat-recommended-title" className="cat-details__h2">
        Recommended
      </h2>
      {isLoading ? <Spinner /> : data && data.length > 0 ? <CardGrid competitions={data.filter((c) => c.id !== id)} label="Recommended competitions" /> : <p className="cat-empty">More competitions coming soon.</p>}
    </section>
  );
}

/** `checking`: the stored copy is shown while the competition is fetched again. */
function Details({ competition: c, checking = false }: { competition: Competition; checking?: boolean }) {
  // The tab title the shell's server gave this page on a direct visit, also after an in-app visit.
  useEffect(() => {
    const previous = document.title;
    document.title = `${c.title} | CGG Competitions`;
    return () => {
      document.title = previous;
    };
  }, [c.title]);
  const { settings } = useSettings();
  const now = new Date(useRenderTime());
  const images = [...new Set([c.image, ...c.gallery_images].filter(Boolean))];
  const left = ticketsLeft(c);
  const liveInfo = c.live_draw_info || settings?.live_draw_info;
  return (
    <article className="cat-container cat-details" aria-busy={checking || undefined}>
      <div className="cat-details__top">
        <Gallery images={images} title={c.title} />
        <div className="cat-details__info">
          <div className="cat-details__badges">
            {isNew(c.created_at, now) && <span className="cat-badge cat-badge--new">NEW</span>}
            {c.enable_instant_wins && <span className="cat-badge cat-badge--instant">Instant wins</span>}
            {c.live_draw && <span className="cat-badge cat-badge--status">Live draw</span>}
          </div>
          <h1 className="cat-details__title">{c.title}</h1>
          <PriceTag competition={c} size="large" />
          <div className="cat-details__stock">
            {!c.hide_ticket_count && (
              <p className="cat-details__sold">
                {c.total_ticket_sold.toLocaleString('en-GB')} of {c.total_sell_tickets.toLocaleString('en-GB')} tickets sold
              </p>
            )}
            <TicketProgress competition={c} size="large" />
            {c.hide_ticket_count && left > 0 && <p className="cat-details__left">Tickets still available</p>}
          </div>
          {c.status === 'open' && !c.hide_timer && <DrawCountdown until={drawDateTime(c).valueOf()} />}
          <p className="cat-details__draw">
            <strong>Draw date:</strong> {c.cancelled ? 'None: the competition was cancelled.' : drawWhenText(c)}
          </p>
          {c.status === 'drawn' && c.winning_ticket_number !== null && (
            <p className="cat-details__winner">Winning ticket: #{c.winning_ticket_number}</p>
          )}
          {/* A cancelled competition takes no entries, paid or posted: odds and the free route are moot. */}
          {!c.cancelled && <Odds competition={c} />}
          <EntryPanel competition={c} settings={settings} checking={checking} />
          {!c.cancelled && <FreeEntryRoute />}
        </div>
      </div>
      <HowWinnerChosen competition={c} />
      {c.live_draw && liveInfo && (
        <section className="cat-details__block cat-details__live" aria-labelledby="cat-live-title">
          <h2 id="cat-live-title" className="cat-details__h2">
            Live draw
          </h2>
          <p>{liveInfo}</p>
        </section>
      )}
      <InstantWinPrizes competition={c} />
      <RewardWins competition={c} info={settings?.reward_prize_info} />
      <section className="cat-details__block" aria-labelledby="cat-description-title">
        <h2 id="cat-description-title" className="cat-details__h2">
          Description
        </h2>
        <div className="cat-details__description" dangerouslySetInnerHTML={{ __html: sanitizeHtml(c.description) }} />
      </section>
      <Recommended id={c.id} />
    </article>
  );
}

function DetailsContent() {
  const { slugId, id: rawId } = useParams();
  const id = parseCompetitionId(slugId ?? rawId);
  const { data, error, isLoading } = useCompetition(id);
  const setStore = useSetAtom(competitionStoreAtom);
  // The "fetched competition" (stored): this same competition shows at once while it is fetched again.
  const stored = useMemo(() => {
    const c = id === null ? null : readFetchedCompetition();
    return c?.id === id ? c : null;
  }, [id]);
  const placeholder = !data && isLoading ? stored : null;
  const missing = error !== undefined && isMissing(error);

  useEffect(() => {
    if (data) rememberFetchedCompetition(data);
  }, [data]);
  useEffect(() => {
    if (missing && id !== null) forgetFetchedCompetition(id);
  }, [missing, id]);

  useEffect(() => {
    const shown = data ?? placeholder;
    setStore((s) => ({ ...s, isFetching: isLoading, ...(shown ? { current: shown, details: shown } : {}) }));
  }, [data, placeholder, isLoading, setStore]);

  let body;
  if (id === null || missing) body = <NotFound />;
  // Keyed by competition: its quantity, gallery image and question start afresh for each one.
  else if (data) body = <Details key={data.id} competition={data} />;
  else if (placeholder) body = <Details key={placeholder.id} competition={placeholder} checking />;
  else if (error)
    body = (
      <div className="cat-container cat-details__missing" role="alert">
        <h1>Something went wrong</h1>
        <p>We couldn&apos;t load this competition just now. Please try again shortly.</p>
      </div>
    );
  else body = <Spinner />;
  return body;
}

/** Hooks live below CatalogueRoot, so they use the catalogue's swr cache and rules. */
export function CompetitionDetailsPage() {
  return (
    <CatalogueRoot className="cat-details-page">
      <DetailsContent />
    </CatalogueRoot>
  );
}
