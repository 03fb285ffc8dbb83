import { apiRequest, calls } from '@cgg/contracts';
import { Link } from 'react-router-dom';
import { useApi } from '../site-content/use-api.ts';
import { LoadState } from './load-state.tsx';
import { SitePage } from './site-page.tsx';
import { sitePageMeta } from '../site-content/site-page-meta.ts';

const loadHowItWorks = (signal: AbortSignal) => apiRequest(calls.howItWorks, undefined, { signal }).then((r) => r.data);

export function HowItWorksPage() {
  const state = useApi(loadHowItWorks, 'how it works', { call: 'howItWorks', pick: (r: { data: never }) => r.data });
  return (
    <SitePage {...sitePageMeta['how-it-works']}>
      <LoadState state={state} what="how it works">
        {(content) => (
          <>
            <p className="sh-page__intro">{content.intro}</p>
            <ol className="sh-steps">
              {content.steps.map((step, i) => (
                <li key={i} className="sh-steps__step">
                  <span className="sh-steps__number" aria-hidden="true">{i + 1}</span>
                  <div>
                    <h2 className="sh-steps__title">{step.title}</h2>
                    <p>{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p className="sh-actions sh-actions--start">
              <Link className="sh-button" to="/competitions/all">See the competitions</Link>
              <Link className="sh-button sh-button--ghost" to="/free-postal-route">Enter free by post</Link>
            </p>
          </>
        )}
      </LoadState>
    </SitePage>
  );
}
