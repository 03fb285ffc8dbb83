import { Link } from 'react-router-dom';
import useSWR from 'swr';
import type { PostalRoute } from '@cgg/contracts';
import { apiFetcher, apiKey } from '../data/api-key.ts';

/**
 * The free entry route, next to the buy button rather than only in the terms (UK prize-draw
 * code 1.9, 1.10, 2.4): the operator's postal route (get_free_postal_route, the same text as
 * /free-postal-route), read through the catalogue's swr like the competition itself, so the
 * server renders it into the page. Without an answer it still says the route exists and links to it.
 */
export function FreeEntryRoute() {
  const { data } = useSWR(apiKey('getFreePostalRoute'), apiFetcher);
  const route = (data as { data?: PostalRoute } | undefined)?.data;
  return (
    <section className="cat-free-entry" aria-labelledby="cat-free-entry-title">
      <h2 id="cat-free-entry-title" className="cat-free-entry__title">
        Free entry by post
      </h2>
      <p className="cat-free-entry__lead">You do not have to pay to enter. Free postal entries take part in the draw and the instant wins exactly like paid ones.</p>
      {route && (
        <>
          <p>{route.intro}</p>
          <p className="cat-free-entry__address">
            <strong>Send it to:</strong>{' '}
            <span>{route.address_lines.join(', ')}</span>
          </p>
        </>
      )}
      <p>
        <Link to="/free-postal-route">How to enter for free by post</Link>
      </p>
    </section>
  );
}
