import { Link } from 'react-router-dom';
import { SitePage } from './site-page.tsx';
import { sitePageMeta } from '../site-content/site-page-meta.ts';

/*
 * Responsible play (UK prize-draw code 3.4): the measures the shop enforces (spend limits
 * and breaks in the account's Responsible Play settings, the API's checkout checks, the
 * back office's "customers to look at") and where to get help. Static text: it changes
 * only with the code, so it is part of the shell and rendered by its server like any page.
 */

const SUPPORT = [
  { name: 'National Gambling Helpline', detail: 'Free, confidential support 24 hours a day, run by GamCare: call 0808 8020 133.', href: 'tel:08088020133', link: '0808 8020 133' },
  { name: 'GamCare', detail: 'Advice, live chat and counselling for anyone affected by gambling.', href: 'https://www.gamcare.org.uk', link: 'gamcare.org.uk' },
  { name: 'BeGambleAware', detail: 'Information and tools to help you stay in control, and where to find treatment.', href: 'https://www.begambleaware.org', link: 'begambleaware.org' },
  { name: 'Gamblers Anonymous UK', detail: 'Local and online meetings with people who understand.', href: 'https://www.gamblersanonymous.org.uk', link: 'gamblersanonymous.org.uk' },
] as const;

export function ResponsiblePlayPage() {
  return (
    <SitePage {...sitePageMeta['responsible-play']}>
      <p className="sh-page__intro">
        Entering our competitions should always be fun and affordable. These are the limits we build in for everyone, and the ones
        you can set for yourself at any time in your account.
      </p>
      <section className="sh-card" aria-labelledby="rp-measures">
        <h2 id="rp-measures">What we do to keep play safe</h2>
        <ul>
          <li>
            <strong>18 and over only.</strong> You must be 18 or older and live in the UK to enter, and you confirm your age when you
            open an account.
          </li>
          <li>
            <strong>Spend limits you choose.</strong> Set a daily, weekly or monthly limit in your account&apos;s Responsible Play
            settings, including a limit of £0 if you want to stop spending altogether. Lowering a limit works straight away; raising
            one only takes effect after 24 hours, so you have time to think again.
          </li>
          <li>
            <strong>Take a break.</strong> You can pause your account for 24 hours, 7 days, 30 days or up to 6 months, or close it
            permanently. A break can be made longer but never shorter, and you cannot buy tickets until it ends.
          </li>
          <li>
            <strong>Credit cards.</strong> We record whether each card is a credit or debit card and limit what can be spent on credit
            cards, so nobody builds up debt to play.
          </li>
          <li>
            <strong>A free way to enter.</strong> Every competition can be entered free by post, with exactly the same chance of winning:
            see our <Link to="/free-postal-route">free postal route</Link>.
          </li>
          <li>
            <strong>We look out for you.</strong> Our team reviews accounts that show signs of harm, such as someone close to their
            spend limit, starting a break or spending much more than usual, and may get in touch to check in.
          </li>
        </ul>
      </section>
      <section className="sh-card" aria-labelledby="rp-help">
        <h2 id="rp-help">Free, confidential support</h2>
        <p>If gambling is no longer fun for you or someone close to you, these organisations can help:</p>
        <ul>
          {SUPPORT.map((s) => (
            <li key={s.name}>
              <strong>{s.name}:</strong> {s.detail} <a href={s.href}>{s.link}</a>
            </li>
          ))}
        </ul>
        <p>
          You can also <Link to="/contact">contact us</Link> and we will help you set a limit, take a break or close your account.
        </p>
      </section>
    </SitePage>
  );
}
