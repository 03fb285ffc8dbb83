import { Link } from 'react-router-dom';

export const UNDER_REVIEW_TITLE = 'We are checking your payment';

/**
 * The provider took an amount that does not match the order (the API's `under_review`): nothing
 * for the customer to do or press. The shop's team refunds it in full and mails them; until then
 * the order keeps its tickets, so the page offers no way to pay or cancel it. `besideCheckout`:
 * shown above the form for a new basket (that order does not stop another), without a way on.
 */
export function PaymentUnderReview({ orderId, besideCheckout = false }: { orderId: number; besideCheckout?: boolean }) {
  return (
    <section className="cc-card cc-held" aria-labelledby="cc-review-title">
      <h2 id="cc-review-title" className="cc-summary__title">
        {UNDER_REVIEW_TITLE}
      </h2>
      <p className="cc-held__text">
        The amount your bank took for order #{orderId} does not match the order, so our team is checking the payment. We will refund it in full and
        email you when it is done. You do not need to do anything.
      </p>
      <p className="cc-held__text">
        Until then the order&apos;s tickets stay held. Once the payment is refunded the order is cancelled, and its tickets go back into your basket.
      </p>
      {!besideCheckout && (
        <Link to="/" className="cc-btn">
          Find a competition
        </Link>
      )}
    </section>
  );
}
