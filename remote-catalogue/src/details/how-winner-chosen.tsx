import { Link } from 'react-router-dom';
import { drawEntriesPath, type Competition } from '@cgg/contracts';

/**
 * After the draw (UK prize-draw code 2.1-2.5): how the winner was chosen and how anyone can
 * check it, pointing at the public verification (the draw results page's proof and "How
 * to verify", and this competition's entry list).
 */
export function HowWinnerChosen({ competition: c }: { competition: Pick<Competition, 'id' | 'status' | 'winning_ticket_number'> }) {
  if (c.status !== 'drawn') return null;
  return (
    <section className="cat-details__block cat-details__chosen" aria-labelledby="cat-chosen-title">
      <h2 id="cat-chosen-title" className="cat-details__h2">
        How the winner was chosen
      </h2>
      <p>
        {c.winning_ticket_number !== null ? `Ticket #${c.winning_ticket_number} won. ` : ''}
        Before any ticket was sold we published a fingerprint (a SHA-256 commitment) of a secret random number. At the draw we
        published the list of every entry, paid and free postal alike, then revealed that number; a published formula picks the
        winner from those two alone, so nobody could choose or change the result.
      </p>
      <p>
        You can check it yourself: the proof for this draw is on our <Link to="/draw/results">draw results page</Link>, with the
        steps under &ldquo;How to verify&rdquo;, and you can{' '}
        <a href={drawEntriesPath(c.id)} download>
          download the entry list
        </a>
        .
      </p>
    </section>
  );
}
