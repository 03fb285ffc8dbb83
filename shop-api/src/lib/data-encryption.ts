import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig, type Config } from '../config.ts';

/** What an encrypted value starts with: the format's version, so a new format can live beside this one. */
export const ENCRYPTED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** The local key's file in the data folder (next to the embedded database), readable by its owner only. */
export const LOCAL_KEY_FILE = 'data-encryption.key';

export interface FieldCipher {
  /** AES-256-GCM under the field's name (a value cannot be moved to another field); '' stays '' (nothing stored). */
  encrypt(plain: string, field: string): string;
  /** The plain value; a value not in the encrypted format (a row from before encryption) comes back as it is. */
  decrypt(stored: string, field: string): string;
}

export const isEncrypted = (stored: string): boolean => stored.startsWith(ENCRYPTED_PREFIX);

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== KEY_BYTES) throw new Error(`the data encryption key must be ${KEY_BYTES} bytes, got ${key.length}`);
  return {
    encrypt(plain, field) {
      if (plain === '') return '';
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(field));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ENCRYPTED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored, field) {
      if (!isEncrypted(stored)) return stored;
      const raw = Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(field));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      // A wrong key or a changed value fails here (GCM's tag) rather than answering garbage.
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** 64 hex characters or base64 of 32 bytes. */
function parseKey(text: string, from: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${from} must be ${KEY_BYTES} bytes as 64 hex characters or base64 (e.g. \`openssl rand -hex 32\`)`);
  return key;
}

/**
 * DATA_ENCRYPTION_KEY when set (production: every instance gets the same key from its
 * secret store). Otherwise the local key in the data folder, made once (random) by the
 * first start that needs it and kept with mode 0600: a local demo keeps working across
 * restarts, and deleting the data folder deletes the key with the data it protects.
 */
export type DataKeySource = Pick<Config, 'dataEncryptionKey' | 'dataDir'>;

export function loadDataKey(source: DataKeySource): Buffer {
  if (source.dataEncryptionKey) return parseKey(source.dataEncryptionKey, 'DATA_ENCRYPTION_KEY');
  const dir = source.dataDir;
  const file = path.join(dir, LOCAL_KEY_FILE);
  mkdirSync(dir, { recursive: true });
  // Written whole to a private file, then linked into place: exactly one start's key wins even
  // when two start at once, and nobody ever reads a half-written key.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  return parseKey(readFileSync(file, 'utf8'), file);
}

let shared: FieldCipher | undefined;
/** The process's key, from its configuration (main.ts and the CLI; checked at once, so a bad key stops the start). */
export function useDataKey(source: DataKeySource): void {
  shared = createFieldCipher(loadDataKey(source));
}
/** This process's cipher for data at rest (bank details); a test process that set none reads its configuration on first use. */
export function dataCipher(): FieldCipher {
  shared ??= createFieldCipher(loadDataKey(readConfig()));
  return shared;
}
