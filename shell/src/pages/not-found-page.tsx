import { Link } from 'react-router-dom';
import { useDocumentTitle } from './use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
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
