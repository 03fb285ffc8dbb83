import type { DrawProof } from '@cgg/contracts';

/** The verification data of one draw, copyable. */
export function DrawProofDetails({ proof, title }: { proof: DrawProof; title: string }) {
  return (
    <details className="cat-proof">
      <summary>Verification data</summary>
      <dl className="cat-proof__list">
        <dt>Commitment (SHA-256 of the seed)</dt>
        <dd><code>{proof.commitment}</code></dd>
        <dt>Committed</dt>
        <dd>{new Date(proof.committed_at).toLocaleString('en-GB', { timeZone: 'Europe/London' })}</dd>
        <dt>Seed</dt>
        <dd><code>{proof.seed ?? 'revealed at the draw'}</code></dd>
        <dt>Entries</dt>
        <dd>{proof.entry_count?.toLocaleString('en-GB') ?? '–'}</dd>
        <dt>Entry list hash (SHA-256)</dt>
        <dd><code>{proof.entry_list_sha256 ?? '–'}</code></dd>
        {proof.winning_index !== null && (
          <>
            <dt>Winning position</dt>
            <dd>
              {proof.winning_index} (counting from 0, after {proof.rounds} HMAC round{proof.rounds === 1 ? '' : 's'})
            </dd>
          </>
        )}
      </dl>
      {proof.entry_list_url && (
        <a className="cat-proof__download" href={proof.entry_list_url} download aria-label={`Download the entry list of ${title} (CSV)`}>
          Download the entry list (CSV)
        </a>
      )}
    </details>
  );
}
