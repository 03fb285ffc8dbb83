import type { StaffCompetitionRefunds } from '@cgg/contracts/staff';
import { inLondon } from '../components/london-time.ts';

/** Where a cancelled competition's refunds stand, in the words support staff pass on to customers. */
export function RefundProgress({ refunds }: { refunds: StaffCompetitionRefunds }) {
  const { orders, refunded, total, points_returned: points } = refunds;
  // Points spent on the orders go back as points: an order paid wholly in points refunds £0.00.
  const andPoints = points > 0 ? ` and ${points.toLocaleString('en-GB')} points` : '';
  const sofar = `${refunded} of ${orders} order(s) refunded, £${total}${andPoints} so far`;
  switch (refunds.state) {
    case 'done':
      return (
        <p className="bo-success" role="status">
          {orders === 0 ? 'Cancelled. There were no paid orders to refund.' : `All ${orders} order(s) refunded, £${total}${andPoints} in all.`}
        </p>
      );
    case 'refunding':
      return (
        <p className="bo-notice" role="status">
          Refunding in the background: {sofar}.
        </p>
      );
    case 'retrying':
      return (
        <div className="bo-notice" role="status">
          <p>Refunding in the background: {sofar}.</p>
          <p>Last try: {refunds.last_error}</p>
          {refunds.next_try_at && <p>Trying again at {inLondon(refunds.next_try_at, true)}.</p>}
        </div>
      );
    case 'stopped':
      return (
        <div className="bo-notice" role="status">
          <p>{sofar}; the refunds have stopped.</p>
          {refunds.last_error && <p>Last try: {refunds.last_error}</p>}
          <p>Press "Refund the rest" to refund the others; no one is paid twice.</p>
        </div>
      );
  }
}
