import { complaintPolicy } from '@cgg/contracts/complaints';
import { SitePage } from '../site-page.tsx';
import { sitePageMeta } from '../../site-content/site-page-meta.ts';
import { ComplaintForm } from './complaint-form.tsx';

const { adr } = complaintPolicy;

/**
 * Our complaints procedure (UK prize-draw code, clause 1.2): how to complain, what happens and
 * when, and the independent body a customer may go to after our final answer. The promise comes
 * from the contracts' complaintPolicy, which the emails and the back office read too.
 */
export function ComplaintsPage() {
  return (
    <SitePage
      {...sitePageMeta.complaints}
      intro="If something has gone wrong, we want to hear about it and put it right. This page explains how to complain, what happens next and how long it takes."
    >
      <section className="sh-card" aria-labelledby="complaints-how">
        <h2 id="complaints-how">How to complain</h2>
        <p>
          Use the form below. Tell us what happened, when, and what you would like us to do. If it is about an order, your order
          number helps us find it quickly. If you are signed in, we link your complaint to your account.
        </p>
      </section>
      <section className="sh-card" aria-labelledby="complaints-next">
        <h2 id="complaints-next">What happens next</h2>
        <ol>
          <li>We acknowledge your complaint straight away: you see your reference on screen and we email it to you.</li>
          <li>A member of our team looks into it. If we need more from you, we will email you.</li>
          <li>
            We send you our final answer within {complaintPolicy.answerWithinDays} days. The code of practice for prize draws allows
            up to {complaintPolicy.codeLimitWeeks} weeks; we aim to be much quicker.
          </li>
        </ol>
      </section>
      <section className="sh-card" aria-labelledby="complaints-adr">
        <h2 id="complaints-adr">If you are not happy with our answer</h2>
        <p>
          You can take your complaint to <strong>{adr.name}</strong>, {adr.about}
        </p>
        <p>
          Contact them through <a href={adr.website}>{adr.website.replace(/^https?:\/\/(www\.)?/, '')}</a> within{' '}
          {complaintPolicy.escalateWithinMonths} months of our final answer, and quote your complaint reference. You can also go to
          them if we have not sent you our final answer within {complaintPolicy.codeLimitWeeks} weeks.
        </p>
      </section>
      <section aria-labelledby="complaints-form">
        <h2 id="complaints-form" className="sh-section-title">
          Make a complaint
        </h2>
        <ComplaintForm />
      </section>
    </SitePage>
  );
}
