import useSWR from 'swr';
import { Link } from 'react-router-dom';
import { accountCalls, type ClaimState, type PrizeClaim } from '@cgg/contracts/account';
import { apiRequest, formatPounds, poundsToPence } from '@cgg/contracts';
import { noticeRefusedCall } from '../../session/session.ts';
import { readStoredToken } from '../../session/token-storage.ts';

const STATE_LABEL: Record<ClaimState, string> = { received: 'Claim received', processing: 'Being processed', fulfilled: 'Fulfilled' };
const CHOICE_LABEL: Record<PrizeClaim['choice'], string> = { prize: 'Prize', cash: 'Cash', credit: 'Site credit' };

/**
 * "Your prizes" on the overview: each prize claim (get_claims) with its state. Hidden
 * while loading, on failure (logged, spec section 8) and when there are no claims.
 */
export function YourPrizes() {
  const token = readStoredToken();
  const { data } = useSWR(token ? ['account', 'getClaims', token] : null, () => apiRequest(accountCalls.getClaims, { token: token! }), {
    onError: (e: unknown) => {
      console.warn('[account] getClaims unavailable', e);
      noticeRefusedCall(e);
    },
  });
  const claims = data?.data ?? [];
  if (claims.length === 0) return null;
  return (
    <section className="acc-card" aria-labelledby="acc-your-prizes">
      <h2 id="acc-your-prizes">Your prizes</h2>
      <table className="acc-table">
        <thead>
          <tr>
            <th scope="col">Prize</th>
            <th scope="col">Taken as</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((c) => (
            <tr key={c.id}>
              <td data-label="Prize">
                {c.prize_title} ({c.competition_title})
              </td>
              <td data-label="Taken as">
                {CHOICE_LABEL[c.choice]} · {formatPounds(poundsToPence(c.amount))}
              </td>
              <td data-label="State">
                {/* One piece beside the label on a phone, so a long tracking reference wraps, never the state. */}
                <span>
                  <strong>{STATE_LABEL[c.state]}</strong>
                  {c.tracking_reference && (
                    <>
                      {' '}
                      · Tracking <span className="acc-table__reference">{c.tracking_reference}</span>
                    </>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <Link to="/claim/prize">Claim a prize</Link>
      </p>
    </section>
  );
}
