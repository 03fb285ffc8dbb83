import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, LOCAL_KEY_FILE, loadDataKey } from './data-encryption.ts';

describe('createFieldCipher (AES-256-GCM)', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips, and the same value encrypts differently each time (random IV)', () => {
    const a = cipher.encrypt('12345678', 'account_number');
    const b = cipher.encrypt('12345678', 'account_number');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toContain('12345678');
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a, 'account_number')).toBe('12345678');
  });

  it('refuses a value moved to another field, changed, or read with another key', () => {
    const sealed = cipher.encrypt('12345678', 'account_number');
    expect(() => cipher.decrypt(sealed, 'sort_code')).toThrow();
    const raw = Buffer.from(sealed.slice('enc:v1:'.length), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => cipher.decrypt(`enc:v1:${raw.toString('base64')}`, 'account_number')).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(sealed, 'account_number')).toThrow();
  });

  it('keeps "none saved" empty and passes a row from before encryption through', () => {
    expect(cipher.encrypt('', 'sort_code')).toBe('');
    expect(cipher.decrypt('112233', 'sort_code')).toBe('112233');
  });
});

describe('loadDataKey', () => {
  it('takes DATA_ENCRYPTION_KEY as hex or base64, and says what is wrong with a bad one', () => {
    const key = randomBytes(32);
    expect(loadDataKey({ dataEncryptionKey: key.toString('hex'), dataDir: '/nowhere' })).toEqual(key);
    expect(loadDataKey({ dataEncryptionKey: key.toString('base64'), dataDir: '/nowhere' })).toEqual(key);
    expect(() => loadDataKey({ dataEncryptionKey: 'short', dataDir: '/nowhere' })).toThrow(/DATA_ENCRYPTION_KEY must be 32 bytes/);
  });

  it('without it, makes a random key once in the data folder (0600) and reads the same one after', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cgg-key-'));
    try {
      const first = loadDataKey({ dataEncryptionKey: undefined, dataDir: dir });
      const file = path.join(dir, LOCAL_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
      expect(loadDataKey({ dataEncryptionKey: undefined, dataDir: dir })).toEqual(first);
      expect(loadDataKey({ dataEncryptionKey: undefined, dataDir: mkdtempSync(path.join(dir, 'other-')) })).not.toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
