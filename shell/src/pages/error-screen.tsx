/**
 * The default error screen (spec section 2), shown by the routes' error boundaries
 * (routes/route-error-boundary.tsx). A full page load home (not a router link) because
 * the router itself may be what failed.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  console.error('[shell] route error', error);
  return (
    <article className="sh-page sh-page--center" role="alert">
      <h1 className="sh-page__title">Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page.</p>
      <p>
        <a className="sh-button" href="/">
          Back to the home page
        </a>
      </p>
    </article>
  );
}
