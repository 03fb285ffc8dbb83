import { useEffect, useState } from 'react';
import { effectivePricePence, emit, formatPounds, on, ticketsLeft, type Competition, type Settings } from '@cgg/contracts';
import { shouldShowQuestion } from '../data/show-question.ts';
import { addBlockedReason, maxQuantity } from './add-availability.ts';
import { QuantityPicker } from './quantity-picker.tsx';
import { QuestionModal } from './question-modal.tsx';
import { useRenderTime } from '../components/use-now.ts';

/**
 * Choose tickets and add them. The basket belongs to cart-checkout: this only asks for
 * the add with `cart:add-requested`. When the competition has a question and the
 * show-question flag is 1, the question modal comes first (spec section 5).
 */
export function EntryPanel({ competition: c, settings, checking = false }: { competition: Competition; settings: Settings | undefined; checking?: boolean }) {
  const max = maxQuantity(c);
  const blocked = addBlockedReason(c, new Date(useRenderTime()));
  // A stored copy is on screen until the fresh one arrives: no adding from it.
  if (checking) {
    return (
      <div className="cat-entry" aria-busy="true">
        <button type="button" className="cat-btn cat-entry__add" disabled>
          Checking availability...
        </button>
      </div>
    );
  }
  return <Entry competition={c} settings={settings} max={max} blocked={blocked} />;
}

/**
 * How long Add waits for the basket's answer (`cart:add-settled`) before it is offered again
 * anyway: a basket released before that event never sends it.
 */
export const ADD_SETTLE_FALLBACK_MS = 15_000;

function Entry({ competition: c, settings, max, blocked }: { competition: Competition; settings: Settings | undefined; max: number; blocked: string | null }) {
  const [quantity, setQuantity] = useState(1);
  const [asking, setAsking] = useState(false);
  // From the tap until the basket says the add ended: a second tap (a slow phone, no answer yet) adds nothing twice.
  const [adding, setAdding] = useState(false);
  useEffect(() => on('cart:add-settled', (p) => p.competitionId === c.id && setAdding(false)), [c.id]);
  useEffect(() => {
    if (!adding) return undefined;
    const fallback = setTimeout(() => setAdding(false), ADD_SETTLE_FALLBACK_MS);
    return () => clearTimeout(fallback);
  }, [adding]);

  const requestAdd = (answerId?: number) => {
    setAdding(true);
    emit('cart:add-requested', {
      competitionId: c.id,
      productId: c.competition_product_id,
      quantity,
      title: c.title,
      ...(answerId !== undefined ? { answerId } : {}),
    });
  };

  const onAdd = () => {
    if (blocked || adding) return;
    if (c.comp_question && shouldShowQuestion(settings)) setAsking(true);
    else requestAdd();
  };

  return (
    <div className="cat-entry">
      <QuantityPicker value={quantity} max={max} stockBinds={!c.hide_ticket_count && ticketsLeft(c) < c.max_ticket_per_user} quickPicks={settings?.suggested_tickets ?? []} disabled={blocked !== null} onChange={setQuantity} />
      {/* aria-disabled while adding, not disabled: the button keeps the focus. */}
      <button
        type="button"
        className="cat-btn cat-entry__add"
        disabled={blocked !== null}
        aria-disabled={adding || undefined}
        aria-describedby={blocked ? 'cat-entry-reason' : undefined}
        onClick={onAdd}
      >
        {blocked ? 'Unavailable' : adding ? 'Adding to your basket...' : `Add ${quantity} ${quantity === 1 ? 'ticket' : 'tickets'} · ${formatPounds(effectivePricePence(c) * quantity)}`}
      </button>
      {blocked && (
        <p id="cat-entry-reason" className="cat-entry__reason">
          {blocked}
        </p>
      )}
      {asking && (
        <QuestionModal
          competition={c}
          quantity={quantity}
          onClose={() => setAsking(false)}
          onConfirm={(answerId) => {
            setAsking(false);
            requestAdd(answerId);
          }}
        />
      )}
    </div>
  );
}
