import { useState } from 'react';
import { formatPounds } from '@cgg/contracts';
import { changeCoupon } from '../cart/cart-actions.ts';

/** Apply and remove coupons; the server's answer (applied, or why not) shows under the form. */
export function CouponForm({ coupons, disabled }: { coupons: { code: string; discountPence: number }[]; disabled: boolean }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async (action: 'applyCoupon' | 'removeCoupon', value: string) => {
    // Busy: ignored, the button keeping the focus (aria-disabled, below).
    if (disabled) return;
    const result = await changeCoupon(action, value);
    setMessage({ ok: result.ok, text: result.message });
    if (result.ok && action === 'applyCoupon') setCode('');
  };

  return (
    <div className="cc-coupon">
      <form
        className="cc-coupon__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (disabled) return;
          if (!code.trim()) setMessage({ ok: false, text: 'Please enter a coupon code.' });
          else void run('applyCoupon', code);
        }}
      >
        <label htmlFor="cc-coupon-code" className="cc-field__label">
          Coupon code
        </label>
        <div className="cc-coupon__row">
          {/* A code, not a word: no capitalising of its first letter only, no autocorrect, no spelling marks. */}
          <input
            id="cc-coupon-code"
            name="coupon"
            className="cc-field__input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="cc-btn cc-btn--ghost" aria-disabled={disabled || undefined}>
            Apply coupon
          </button>
        </div>
      </form>
      <p className={`cc-coupon__message${message && !message.ok ? ' cc-coupon__message--error' : ''}`} role="status">
        {message?.text}
      </p>
      {coupons.length > 0 && (
        <ul className="cc-coupon__applied">
          {coupons.map((c) => (
            <li key={c.code}>
              <span>
                Coupon <strong>{c.code}</strong>
                {/* The checkout neither uses nor records a coupon that takes nothing off. */}
                {c.discountPence > 0 ? (
                  <>
                    : <span className="cc-coupon__amount">−{formatPounds(c.discountPence)}</span>
                  </>
                ) : (
                  ': not needed, the basket is already covered. It stays yours for another order.'
                )}
              </span>
              <button type="button" className="cc-link-button" aria-disabled={disabled || undefined} onClick={() => void run('removeCoupon', c.code)}>
                Remove coupon {c.code}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
