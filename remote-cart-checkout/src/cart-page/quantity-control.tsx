import { useEffect, useState } from 'react';
import type { StoreCartItem } from '@cgg/contracts/store';
import { updateQuantity } from '../cart/cart-actions.ts';

/**
 * − / number / + for one line; a typed number is sent on blur or Enter. While the basket is
 * busy the controls ignore presses but stay focusable (`aria-disabled`, a read-only field): a
 * disabled control under the keyboard's focus would drop it to the top of the page.
 */
export function QuantityControl({ item, disabled }: { item: StoreCartItem; disabled: boolean }) {
  const [text, setText] = useState(String(item.quantity));
  useEffect(() => setText(String(item.quantity)), [item.quantity]);
  const id = `cc-qty-${item.key}`;

  const commit = (value: number) => {
    if (disabled) return;
    if (!Number.isFinite(value) || value < 1) {
      setText(String(item.quantity));
      return;
    }
    void updateQuantity(item, value).then((changed) => {
      if (!changed) setText(String(item.quantity));
    });
  };

  return (
    <div className="cc-qty">
      <label htmlFor={id} className="cc-visually-hidden">
        Tickets for {item.name}
      </label>
      <button type="button" className="cc-qty__step" aria-label={`One ticket fewer for ${item.name}`} aria-disabled={disabled || item.quantity <= 1 || undefined} onClick={() => item.quantity > 1 && commit(item.quantity - 1)}>
        −
      </button>
      <input
        id={id}
        className="cc-qty__input"
        type="number"
        inputMode="numeric"
        min={1}
        value={text}
        readOnly={disabled}
        aria-disabled={disabled || undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => Number(text) !== item.quantity && commit(Number(text))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(Number(text));
          }
        }}
      />
      <button type="button" className="cc-qty__step" aria-label={`One ticket more for ${item.name}`} aria-disabled={disabled || undefined} onClick={() => commit(item.quantity + 1)}>
        +
      </button>
    </div>
  );
}
