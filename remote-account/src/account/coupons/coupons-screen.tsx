import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useAccountData } from '../../data/use-account-data.ts';
import { moneyText } from '../orders/order-display.ts';

export function copiedMessage(code: string): string {
  return `Coupon code "${code}" copied to clipboard!`;
}

/** Use Coupon: copy, then the spec's alert. A failed copy is silent (spec section 8). */
async function copyCoupon(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    window.alert(copiedMessage(code));
  } catch (error) {
    console.warn('[account] could not copy the coupon code', error);
  }
}

/** `/account/coupons`. */
export default function CouponsScreen() {
  usePageTitle('Coupons');
  const { data, isLoading } = useAccountData('getCoupons');
  if (isLoading) return <Spinner label="Loading your coupons" />;
  const coupons = data?.data ?? [];
  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Available Coupons &amp; CGG Discount Creds</h1>
      <p className="acc-page__intro">A coupon&apos;s discount only shows at checkout when your basket holds at least one product.</p>
      {coupons.length === 0 ? (
        <p className="acc-empty">You don&apos;t have any coupons at present</p>
      ) : (
        <table className="acc-table">
          <thead>
            <tr>
              <th scope="col">Coupon</th>
              <th scope="col">Code</th>
              <th scope="col">Amount</th>
              <th scope="col">
                <span className="acc-visually-hidden">Use</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.map((c) => (
              <tr key={c.code}>
                <td data-label="Coupon">{c.description || 'CGG Coupon'}</td>
                <td data-label="Code">
                  <code>{c.code}</code>
                </td>
                <td data-label="Amount">{moneyText(c.amount)}</td>
                <td>
                  <button type="button" className="acc-button acc-button--small" onClick={() => void copyCoupon(c.code)}>
                    Use Coupon
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
