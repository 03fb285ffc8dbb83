import { describe, expect, it, vi } from 'vitest';
import { emit, on } from './bus.ts';

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
});
