import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../cache/memory-storage.ts';
import { encodeSessionToken, readSessionToken, SESSION_TOKEN_KEY } from './session-token.ts';

describe('readSessionToken', () => {
  it('decodes the base64 token stored by the account remote', () => {
    const storage = memoryStorage({ [SESSION_TOKEN_KEY]: encodeSessionToken('abc.123') });
    expect(readSessionToken(storage)).toBe('abc.123');
  });
  it('answers null when signed out or the value is not base64', () => {
    expect(readSessionToken(memoryStorage())).toBeNull();
    expect(readSessionToken(memoryStorage({ [SESSION_TOKEN_KEY]: '%%%' }))).toBeNull();
  });
});
