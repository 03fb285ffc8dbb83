import { apiRequest, calls, formatDisplayDate, type LegalTerm } from '@cgg/contracts';
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { KEEP_SCROLL } from '../routes/keep-scroll.ts';
import { useApi } from '../site-content/use-api.ts';
import { LoadState } from './load-state.tsx';
import { PlainText } from './plain-text.tsx';
import { SitePage } from './site-page.tsx';
import { sitePageMeta } from '../site-content/site-page-meta.ts';

/** `?tab=` 3 is the privacy policy the cookie banner's Privacy Policy button opens (spec section 2). */
export const PRIVACY_POLICY_TAB = 3;

const loadLegalTerms = (signal: AbortSignal) => apiRequest(calls.getLegalTerms, undefined, { signal }).then((r) => r.data);

/** WAI-ARIA tabs with automatic activation; the chosen tab lives in the URL so it can be linked. */
function LegalTabs({ terms }: { terms: LegalTerm[] }) {
  const [params, setParams] = useSearchParams();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = terms.find((t) => String(t.tab) === params.get('tab')) ?? terms[0]!;
  const choose = (index: number) => {
    const term = terms[(index + terms.length) % terms.length]!;
    // Same page, another tab: the scroll stays with the tabs the visitor is using.
    setParams({ tab: String(term.tab) }, { replace: true, state: KEEP_SCROLL });
    tabs.current[terms.indexOf(term)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: terms.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };
  return (
    <>
      <div className="sh-tabs" role="tablist" aria-label="Legal documents">
        {terms.map((t, index) => {
          const selected = t.tab === current.tab;
          return (
            <button
              key={t.tab}
              ref={(el) => void (tabs.current[index] = el)}
              type="button"
              role="tab"
              id={`legal-tab-${t.tab}`}
              aria-selected={selected}
              aria-controls={`legal-panel-${t.tab}`}
              tabIndex={selected ? 0 : -1}
              className="sh-tabs__tab"
              onClick={() => choose(index)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {t.title}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" id={`legal-panel-${current.tab}`} aria-labelledby={`legal-tab-${current.tab}`} tabIndex={0} className="sh-card sh-legal">
        <h2 className="sh-legal__title">{current.title}</h2>
        <p className="sh-muted">Last updated {formatDisplayDate(current.updated_on)}</p>
        <PlainText text={current.body} headingLevel={3} />
      </section>
    </>
  );
}

export function LegalTermsPage() {
  const state = useApi(loadLegalTerms, 'legal terms', { call: 'getLegalTerms', pick: (r: { data: never }) => r.data });
  return (
    <SitePage
      {...sitePageMeta['legal-terms']}
      intro="The rules that apply when you enter our competitions and how we look after your data."
    >
      <LoadState state={state} what="legal terms">
        {(terms) => (terms.length ? <LegalTabs terms={terms} /> : <p>No terms have been published yet.</p>)}
      </LoadState>
    </SitePage>
  );
}
