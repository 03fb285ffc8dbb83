import { useEffect, useState } from 'react';
import type { DemoChallenge } from '@cgg/contracts/demo-pay';
import type { StoreCheckoutPayment } from '@cgg/contracts/store';
import { formatPounds } from '@cgg/contracts';
import { Dialog } from '../../components/dialog.tsx';
import { answerDemoChallenge, readDemoChallenge } from './demo-pay-client.ts';

export const CHALLENGE_TITLE = '3-D Secure: confirm this payment';

/**
 * The demo provider's 3-D Secure challenge, the part a bank's page plays for a real card:
 * it shows the amount and the card's last digits and asks the customer to Complete or Fail
 * it. Closing it counts as Fail, as closing a bank's challenge does. The answer goes to the
 * provider; our API then learns the outcome from the provider (checkout-return).
 */
export function DemoChallengeDialog({ payment, onDone }: { payment: StoreCheckoutPayment; onDone: () => void }) {
  const url = payment.next_action?.url ?? '';
  const secret = payment.client_secret ?? '';
  const [shown, setShown] = useState<DemoChallenge | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);

  useEffect(() => {
    let live = true;
    readDemoChallenge(url, secret).then(
      (c) => live && setShown(c),
      (e: Error) => live && setFailure(e.message),
    );
    return () => {
      live = false;
    };
  }, [url, secret]);

  // Closing counts as Fail also before the challenge has been read (slow, or not readable): left
  // unanswered, the payment would wait for the customer until the reservation ran out. If the
  // Fail cannot be sent (already answered, or unreachable) it just hands back: our API asks the provider.
  const close = async () => {
    if (answering) return;
    setAnswering(true);
    await answerDemoChallenge(url, secret, 'fail').catch(() => undefined);
    onDone();
  };

  const answer = async (outcome: 'complete' | 'fail') => {
    if (answering) return;
    setAnswering(true);
    setFailure(null);
    try {
      await answerDemoChallenge(url, secret, outcome);
      onDone();
    } catch (e) {
      // Not answered: the customer may try again (or close it, which fails it).
      setFailure((e as Error).message);
      setAnswering(false);
    }
  };

  return (
    <Dialog id="cc-3ds-challenge" title={CHALLENGE_TITLE} onClose={() => void close()}>
      <p className="cc-muted">Demo card provider: this is where your bank would ask you to confirm it's you.</p>
      {shown ? (
        <p>
          Pay {formatPounds(shown.amount)} with the card ending {shown.last4}?
        </p>
      ) : (
        !failure && <p role="status">Asking your bank...</p>
      )}
      {failure && (
        <p className="cc-alert" role="alert">
          {failure}
        </p>
      )}
      <div className="cc-refusal__actions">
        <button type="button" className="cc-btn" disabled={answering || !shown} onClick={() => void answer('complete')}>
          Complete
        </button>
        <button type="button" className="cc-btn cc-btn--ghost" disabled={answering || !shown} onClick={() => void answer('fail')}>
          Fail
        </button>
      </div>
    </Dialog>
  );
}
