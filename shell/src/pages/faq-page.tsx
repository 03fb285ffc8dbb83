import { apiRequest, calls, type Faq } from '@cgg/contracts';
import { useId, useState } from 'react';
import { useApi } from '../site-content/use-api.ts';
import { LoadState } from './load-state.tsx';
import { PlainText } from './plain-text.tsx';
import { SitePage } from './site-page.tsx';
import { sitePageMeta } from '../site-content/site-page-meta.ts';

const loadFaqs = (signal: AbortSignal) => apiRequest(calls.getFaqs, undefined, { signal }).then((r) => r.data);

/** One question: a heading with a button that shows or hides its answer (WAI-ARIA accordion). */
function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="sh-accordion__item">
      <h3 className="sh-accordion__heading">
        <button type="button" className="sh-accordion__button" aria-expanded={open} aria-controls={`${id}-answer`} id={`${id}-question`} onClick={() => setOpen((o) => !o)}>
          <span>{faq.question}</span>
          <span className="sh-accordion__icon" aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h3>
      <div id={`${id}-answer`} role="region" aria-labelledby={`${id}-question`} className="sh-accordion__panel" hidden={!open}>
        <PlainText text={faq.answer} headingLevel={3} />
      </div>
    </div>
  );
}

export function FaqPage() {
  const state = useApi(loadFaqs, 'FAQs', { call: 'getFaqs', pick: (r: { data: never }) => r.data });
  return (
    <SitePage {...sitePageMeta.faq} intro="Answers to the questions we are asked most about entering, draws and prizes.">
      <LoadState state={state} what="FAQs">
        {(faqs) => {
          const categories = [...new Set(faqs.map((f) => f.category))];
          return categories.map((category) => (
            <section key={category} className="sh-accordion" aria-labelledby={`faq-${category}`}>
              <h2 id={`faq-${category}`} className="sh-section-title">{category}</h2>
              {faqs.filter((f) => f.category === category).map((faq) => (
                <FaqItem key={faq.id} faq={faq} />
              ))}
            </section>
          ));
        }}
      </LoadState>
    </SitePage>
  );
}
