import { useEffect, useState } from 'react';
import type { StoreCartItem } from '@cgg/contracts/store';
import { updateQuantity } from '../cart/cart-actions.ts';

/** − / number / + for one line; a typed number is sent on blur or Enter. */
export function QuantityControl({ item, disabled }: { item: StoreCartItem; disabled: boolean }) {
  const [text, setText] = useState(String(item.quantity));
  useEffect(() => setText(String(item.quantity)), [item.quantity]);
  const id = `cc-qty-${item.key}`;

  const commit = (value: number) => {
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
      <button type="button" className="cc-qty__step" aria-label={`One ticket fewer for ${item.name}`} disabled={disabled || item.quantity <= 1} onClick={() => commit(item.quantity - 1)}>
        −
      </button>
      <input
        id={id}
        className="cc-qty__input"
        type="number"
        inputMode="numeric"
        min={1}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => Number(text) !== item.quantity && commit(Number(text))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(Number(text));
          }
        }}
      />
      <button type="button" className="cc-qty__step" aria-label={`One ticket more for ${item.name}`} disabled={disabled} onClick={() => commit(item.quantity + 1)}>
        +
      </button>
    </div>
  );
}
