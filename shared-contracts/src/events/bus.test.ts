import { describe, expect, it, vi } from 'vitest';
import { EVENT_HELD, HELD_EVENTS_HANDED_OVER, dropHeld, emit, on, takeHeld } from './bus.ts';

describe('event bus', () => {
  it('delivers a valid payload with defaults applied', () => {
    const target = new EventTarget();
    const seen = vi.fn();
    const off = on('shell:toast', seen, target);
    emit('shell:toast', { message: 'Hello' }, target);
    expect(seen).toHaveBeenCalledWith({ message: 'Hello', variant: 'default' });
    off();
    emit('shell:toast', { message: 'Again' }, target);
    expect(seen).toHaveBeenCalledTimes(1);
  });
  it('drops and logs a payload that breaks the contract', () => {
    const target = new EventTarget();
    const seen = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    on('cart:changed', seen, target);
    target.dispatchEvent(new CustomEvent('cart:changed', { detail: { itemCount: -1, totalPence: 'x' } }));
    expect(seen).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("keeps the toast contract backwards compatible: the old shape stands, 'loading' and id are additions", () => {
    const target = new EventTarget();
    const seen = vi.fn();
    on('shell:toast', seen, target);
    // What a remote built against 1.1.0 sends.
    emit('shell:toast', { message: 'Details updated successfully!', variant: 'success' }, target);
    emit('shell:toast', { message: 'Adding to your basket...', variant: 'loading', id: 'cart:add-1' }, target);
    expect(seen.mock.calls.map(([p]) => p)).toEqual([
      { message: 'Details updated successfully!', variant: 'success' },
      { message: 'Adding to your basket...', variant: 'loading', id: 'cart:add-1' },
    ]);
  });

  it('validates toast ids and the dismiss event', () => {
    const target = new EventTarget();
    const toasts = vi.fn();
    const dismissed = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    on('shell:toast', toasts, target);
    on('shell:toast-dismiss', dismissed, target);
    target.dispatchEvent(new CustomEvent('shell:toast', { detail: { message: 'x', variant: 'loading', id: '' } }));
    target.dispatchEvent(new CustomEvent('shell:toast-dismiss', { detail: { id: 42 } }));
    emit('shell:toast-dismiss', { id: 'cart:add-1' }, target);
    expect(toasts).not.toHaveBeenCalled();
    expect(dismissed.mock.calls).toEqual([[{ id: 'cart:add-1' }]]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('holds an add request sent before the basket listens, hands it over once, and says it is waiting', () => {
    const target = new EventTarget();
    const waiting = vi.fn();
    target.addEventListener(EVENT_HELD, (e) => waiting((e as CustomEvent).detail));
    emit('cart:add-requested', { competitionId: 1, productId: 11, quantity: 2, title: 'Tesla', answerId: 5 }, target);
    emit('cart:add-requested', { competitionId: 2, productId: 12, quantity: 1, title: 'Cash' }, target);
    expect(waiting.mock.calls).toEqual([[{ name: 'cart:add-requested' }], [{ name: 'cart:add-requested' }]]);
    const basket = vi.fn();
    const handedOver = vi.fn();
    target.addEventListener(HELD_EVENTS_HANDED_OVER, (e) => handedOver((e as CustomEvent).detail));
    on('cart:add-requested', basket, target);
    expect(basket.mock.calls.map(([p]) => p.title)).toEqual(['Tesla', 'Cash']);
    expect(handedOver.mock.calls).toEqual([[{ name: 'cart:add-requested' }]]);
    // Handed over once: a second receiver gets nothing old, and a new request is heard, not held.
    const second = vi.fn();
    on('cart:add-requested', second, target);
    expect(second).not.toHaveBeenCalled();
    emit('cart:add-requested', { competitionId: 3, productId: 13, quantity: 1, title: 'Watch' }, target);
    expect(basket).toHaveBeenCalledTimes(3);
    expect(handedOver).toHaveBeenCalledTimes(1);
    expect(waiting).toHaveBeenCalledTimes(2);
  });

  it('drops what is held when told no receiver is coming, so it is not done later', () => {
    const target = new EventTarget();
    expect(dropHeld('cart:add-requested', target)).toBe(0);
    emit('cart:add-requested', { competitionId: 1, productId: 11, quantity: 1, title: 'Tesla' }, target);
    emit('cart:add-requested', { competitionId: 2, productId: 12, quantity: 1, title: 'Cash' }, target);
    expect(takeHeld('cart:add-requested', target)).toEqual([
      { competitionId: 1, productId: 11, quantity: 1, title: 'Tesla' },
      { competitionId: 2, productId: 12, quantity: 1, title: 'Cash' },
    ]);
    emit('cart:add-requested', { competitionId: 3, productId: 13, quantity: 1, title: 'Watch' }, target);
    expect(dropHeld('cart:add-requested', target)).toBe(1);
    const basket = vi.fn();
    on('cart:add-requested', basket, target);
    expect(basket).not.toHaveBeenCalled();
  });

  it('does not hold news: a change nobody heard is gone', () => {
    const target = new EventTarget();
    emit('cart:changed', { itemCount: 1, totalPence: 100 }, target);
    const seen = vi.fn();
    on('cart:changed', seen, target);
    expect(seen).not.toHaveBeenCalled();
  });
});
