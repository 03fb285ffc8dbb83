import { apiRequest, calls } from '@cgg/contracts';
import { useApi } from '../site-content/use-api.ts';
import { LoadState } from './load-state.tsx';
import { SitePage } from './site-page.tsx';
import { sitePageMeta } from '../site-content/site-page-meta.ts';

const loadPostalRoute = (signal: AbortSignal) => apiRequest(calls.getFreePostalRoute, undefined, { signal }).then((r) => r.data);

export function FreePostalRoutePage() {
  const state = useApi(loadPostalRoute, 'free postal route', { call: 'getFreePostalRoute', pick: (r: { data: never }) => r.data });
  return (
    <SitePage {...sitePageMeta['free-postal-route']}>
      <LoadState state={state} what="free postal route">
        {(route) => (
          <>
            <p className="sh-page__intro">{route.intro}</p>
            <section className="sh-card" aria-labelledby="postal-address">
              <h2 id="postal-address">Where to send your entry</h2>
              <address className="sh-postal-address">
                {route.address_lines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            </section>
            <section className="sh-card" aria-labelledby="postal-write">
              <h2 id="postal-write">What to write</h2>
              <ul>
                {route.what_to_write.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <section className="sh-card" aria-labelledby="postal-fair">
              <h2 id="postal-fair">Same odds, same limits</h2>
              <p>{route.fairness}</p>
            </section>
            <section className="sh-card" aria-labelledby="postal-closing">
              <h2 id="postal-closing">Closing rules</h2>
              <ul>
                {route.closing_rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            </section>
          </>
        )}
      </LoadState>
    </SitePage>
  );
}
