import { useRef } from 'react';

/**
 * One idempotency key per ask, for a form whose save must not be made twice (money, balances,
 * entries, a customer's mail, a new competition, a staff note, a new FAQ): the same ask sent again
 * (pressing again after a lost answer) keeps its key, so the API makes it once; a changed ask gets
 * a new key, and so does the next ask after a success (`done`).
 */
export function useAskKey() {
  const current = useRef({ ask: '', key: '' });
  return {
    keyFor(ask: unknown): string {
      const text = JSON.stringify(ask);
      if (text !== current.current.ask) current.current = { ask: text, key: crypto.randomUUID() };
      return current.current.key;
    },
    done(): void {
      current.current = { ask: '', key: '' };
    },
  };
}
