import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { PrizeClaim, PrizeWin } from '@cgg/contracts/account';
import { formatPounds, poundsToPence } from '@cgg/contracts';
import { PageFrame, Spinner } from '../components/page-frame.tsx';
import { currentSessionToken } from '../session/session-token.ts';
import { ClaimForm } from './claim-form.tsx';
import { CLAIM_STATE_LABEL } from './claim-labels.ts';
import { useClaimData } from './use-claim-data.ts';

const winKey = (w: { win_kind: string; win_id: number }) => `${w.win_kind}-${w.win_id}`;
const KIND_LABEL = { draw: 'Main draw', instant: 'Instant win', reward: 'Reward win' } as const;

/** The address as a winner checks it: house and street, town, postcode ('7 Analytical Row, London, N1 9GU'). */
function deliveredTo(a: PrizeClaim['delivery_address']): string {
  if (!a) return '';
  const street = [a.address_1, a.address_2].map((part) => part.trim()).filter(Boolean).join(' ');
  return [street, a.city.trim(), a.postcode.trim()].filter(Boolean).join(', ');
}

function ClaimedNotice({ claim }: { claim: PrizeClaim }) {
  const what =
    claim.choice === 'credit'
      ? `${formatPounds(poundsToPence(claim.amount))} of site credit is in your account now.`
      : claim.choice === 'cash'
        ? `We will pay ${formatPounds(poundsToPence(claim.amount))} into the account ending ${claim.bank_details?.account_number.slice(-4) ?? ''}.`
        : `We will deliver it to ${deliveredTo(claim.delivery_address)}.`;
  return (
    <div className="cc-card cc-claim cc-claim--done" role="status">
      <h2 className="cc-card__title">Prize claimed: {claim.prize_title}</h2>
      <p>{what}</p>
      <p>
        Claim #{claim.id} · <strong>{CLAIM_STATE_LABEL[claim.state]}</strong>
      </p>
      <p className="cc-muted">We have emailed you a confirmation. You can follow this claim in your account.</p>
      <Link to="/account" className="cc-btn cc-btn--ghost">
        Go to my account
      </Link>
    </div>
  );
}

function WinHeading({ win }: { win: PrizeWin }) {
  return (
    <div className="cc-claim__head">
      <img src={win.image} alt="" width={64} height={64} className="cc-claim__image" />
      <div>
        <h2 className="cc-card__title">{win.prize_title}</h2>
        <p className="cc-muted">
          {KIND_LABEL[win.win_kind]} · {win.competition_title} · ticket {win.ticket_number} · worth {formatPounds(poundsToPence(win.prize_value))}
        </p>
      </div>
    </div>
  );
}

/** `/claim/prize`: signed-in winners only; each unclaimed win with its claim form, then what happens next. */
export function ClaimPrizeView() {
  const location = useLocation();
  const [hadToken] = useState(() => currentSessionToken() !== null);
  const data = useClaimData();
  const [claimed, setClaimed] = useState<Record<string, PrizeClaim>>({});
  const [open, setOpen] = useState<string | null>(null);

  if (!hadToken || data.state === 'signed-out') {
    return <Navigate to="/auth/login" replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }} />;
  }
  if (data.state === 'loading') {
    return (
      <PageFrame title="Claim your prize">
        <Spinner label="Loading your prizes" />
      </PageFrame>
    );
  }
  if (data.state === 'error') {
    return (
      <PageFrame title="Claim your prize">
        <div className="cc-card cc-empty" role="alert">
          <p>Your prizes could not be loaded.</p>
          <button type="button" className="cc-btn" onClick={data.reload}>
            Try again
          </button>
        </div>
      </PageFrame>
    );
  }

  const toClaim = data.wins.filter((w) => !w.claimed && !claimed[winKey(w)]);
  const earlier = data.wins.filter((w) => w.claimed);
  const openKey = open ?? (toClaim.length === 1 ? winKey(toClaim[0]!) : null);
  const justClaimed = Object.values(claimed);

  return (
    <PageFrame title="Claim your prize" intro={toClaim.length > 0 ? 'Congratulations on your win! Choose how you would like each prize.' : undefined}>
      <div className="cc-claims">
        {justClaimed.map((c) => (
          <ClaimedNotice key={c.id} claim={c} />
        ))}
        {toClaim.length === 0 && justClaimed.length === 0 && (
          <div className="cc-card cc-empty">
            <p>You have no prizes to claim right now.</p>
            <Link to="/" className="cc-btn">
              Find a competition
            </Link>
          </div>
        )}
        {toClaim.map((w) => (
          <article key={winKey(w)} className="cc-card cc-claim" aria-label={w.prize_title}>
            <WinHeading win={w} />
            {openKey === winKey(w) ? (
              <ClaimForm win={w} user={data.user} onClaimed={(c) => setClaimed((all) => ({ ...all, [winKey(w)]: c }))} />
            ) : (
              <button type="button" className="cc-btn cc-btn--ghost" onClick={() => setOpen(winKey(w))}>
                Claim this prize
              </button>
            )}
          </article>
        ))}
        {earlier.length > 0 && (
          <section className="cc-card" aria-label="Prizes already claimed">
            <h2 className="cc-card__title">Already claimed</h2>
            <ul className="cc-claim__list">
              {earlier.map((w) => (
                <li key={winKey(w)}>
                  {w.prize_title} ({w.competition_title}): <strong>{w.claim_state ? CLAIM_STATE_LABEL[w.claim_state] : 'Claimed'}</strong>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </PageFrame>
  );
}
