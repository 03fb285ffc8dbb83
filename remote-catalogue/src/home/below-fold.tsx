/*
 * The home sections below the first screen. This module is its own chunk, loaded by
 * home-page.tsx when the sections near the viewport or the browser is idle.
 */
import { Link } from 'react-router-dom';
import { competitionPath, drawDateTime, formatPounds, poundsToPence, type Competition } from '@cgg/contracts';
import { CardGrid } from '../components/card-grid.tsx';
import { Spinner } from '../components/spinner.tsx';
import { PriceTag } from '../components/price-tag.tsx';
import { TicketProgress } from '../components/progress-bar.tsx';
import { DrawCountdown } from '../components/draw-countdown.tsx';
import { drawWhenText } from '../components/draw-when.tsx';
import { PrizeImage } from '../components/prize-image.tsx';
import { useDrawnNext, useFeaturedCompetitions, useFinishedCompetitions } from '../data/use-competitions.ts';
import { useWinnersSummary } from '../data/use-site-content.ts';
import { HomeSection } from './home-section.tsx';
import './below-fold.css';

/** The next draw and this many more are shown in its section. */
const NEXT_DRAW_OTHERS = 4;
const INSTANT_WINS_SHOWN = 8;

function instantWinsShown(competitions: Competition[] | undefined): Competition[] {
  return (competitions ?? []).filter((c) => c.status === 'open' && c.enable_instant_wins).slice(0, INSTANT_WINS_SHOWN);
}

const unavailable = <p className="cat-empty">We couldn&apos;t load these competitions just now. Please try again shortly.</p>;

export function NextDrawSection() {
  const { data, error, isLoading } = useDrawnNext();
  const [next, ...others] = data ?? [];
  return (
    <HomeSection sectionKey="next-draw" action={<Link className="cat-section__more" to="/competitions/all">All draws</Link>}>
      {isLoading ? (
        <Spinner />
      ) : error && !data ? (
        unavailable
      ) : !next ? (
        <p className="cat-empty">No draws are scheduled right now.</p>
      ) : (
        <>
          <article className="cat-next">
            <PrizeImage
              className="cat-next__img"
              src={next.image}
              alt={next.title}
              width={800}
              height={533}
              sizes="(min-width: 1200px) 630px, (min-width: 900px) 52vw, 100vw"
              loading="lazy"
              decoding="async"
            />
            <div className="cat-next__body">
              <p className="cat-next__kicker">Drawing next · {drawWhenText(next)}</p>
              <h3 className="cat-next__title">
                <Link to={competitionPath(next)}>{next.title}</Link>
              </h3>
              {!next.hide_timer && <DrawCountdown until={drawDateTime(next).valueOf()} />}
              <PriceTag competition={next} />
              <TicketProgress competition={next} />
            </div>
          </article>
          {others.length > 0 && <CardGrid competitions={others.slice(0, NEXT_DRAW_OTHERS)} label="Also drawing soon" layout="row" />}
        </>
      )}
    </HomeSection>
  );
}

export function InstantWinsSection() {
  const { data, error, isLoading } = useFeaturedCompetitions();
  const instant = instantWinsShown(data?.competitions);
  return (
    <HomeSection sectionKey="instant-wins" action={<Link className="cat-section__more" to="/competitions/instant_win_comps">View all</Link>}>
      {isLoading ? (
        <Spinner />
      ) : error && !data ? (
        unavailable
      ) : instant.length === 0 ? (
        <p className="cat-empty">No instant win competitions are open right now.</p>
      ) : (
        <CardGrid competitions={instant} label="Instant win competitions" layout="row" />
      )}
    </HomeSection>
  );
}

export function CompsForEveryoneSection() {
  const { data, error, isLoading } = useFeaturedCompetitions();
  // Same swr key as the next-draw section: no second request.
  const drawnNext = useDrawnNext();
  const open = (data?.competitions ?? []).filter((c) => c.status === 'open');
  // Each competition once on the page: those the sections above show are not repeated here.
  const above = new Set([...(drawnNext.data ?? []).slice(0, NEXT_DRAW_OTHERS + 1), ...instantWinsShown(data?.competitions)].map((c) => c.id));
  const rest = open.filter((c) => !above.has(c.id));
  return (
    <HomeSection sectionKey="comps-for-everyone" action={<Link className="cat-section__more" to="/competitions/all">Browse all</Link>}>
      {isLoading ? (
        <Spinner />
      ) : error && !data ? (
        unavailable
      ) : open.length === 0 ? (
        <p className="cat-empty">New competitions are on their way. Check back soon.</p>
      ) : rest.length === 0 ? (
        <p className="cat-empty">Every open competition is in the sections above.</p>
      ) : (
        <CardGrid competitions={rest} label="More open competitions" layout="row" />
      )}
    </HomeSection>
  );
}

export function FinishedSection() {
  const { data, error, isLoading } = useFinishedCompetitions();
  return (
    <HomeSection sectionKey="finished-competitions" action={<Link className="cat-section__more" to="/draw/results">Draw results</Link>}>
      {isLoading ? (
        <Spinner />
      ) : error && !data ? (
        unavailable
      ) : !data || data.length === 0 ? (
        <p className="cat-empty">No finished competitions yet.</p>
      ) : (
        <CardGrid competitions={data.slice(0, 8)} label="Finished and sold out competitions" layout="row" />
      )}
    </HomeSection>
  );
}

/** The closing strip: free entry, age rule, winners so far. */
export function WrapperSection() {
  const { summary, isLoading } = useWinnersSummary();
  return (
    <HomeSection sectionKey="wrapper" className="cat-wrapper">
      {isLoading ? (
        <Spinner />
      ) : (
        <ul className="cat-wrapper__list">
          <li className="cat-wrapper__item">
            <span className="cat-wrapper__big">
              {summary ? formatPounds(poundsToPence(summary.totalPrizeValue)) : 'Real prizes'}
            </span>
            <span>{summary ? `won by ${summary.totalWinner.toLocaleString('en-GB')} winners` : 'won every week'}</span>
            <Link to="/winners_list">See our winners</Link>
          </li>
          <li className="cat-wrapper__item">
            <span className="cat-wrapper__big">Free entry</span>
            <span>Every competition can be entered for free by post.</span>
            <Link to="/free-postal-route">Free postal route</Link>
          </li>
          <li className="cat-wrapper__item">
            <span className="cat-wrapper__big">18+</span>
            <span>Over 18s only, UK residents. Please play responsibly.</span>
            <Link to="/draw/results">Draw results</Link>
          </li>
        </ul>
      )}
    </HomeSection>
  );
}
