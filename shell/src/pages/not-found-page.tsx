import { Link } from 'react-router-dom';
import { sitePageMeta } from '../site-content/site-page-meta.ts';
import { usePageMeta } from '../site-content/use-page-meta.ts';

export function NotFoundPage() {
  const { seoPage, title, description } = sitePageMeta['not-found'];
  usePageMeta(seoPage, title, description);
  return (
    <article className="sh-page sh-page--center">
      <h1 className="sh-page__title">Page not found</h1>
      <p>Sorry, we couldn't find the page you were looking for. It may have moved, or the competition may have ended.</p>
      <p className="sh-actions">
        <Link className="sh-button" to="/">
          Back to the home page
        </Link>
        <Link className="sh-button sh-button--ghost" to="/competitions/instant_win_comps">
          See instant wins
        </Link>
      </p>
    </article>
  );
}
