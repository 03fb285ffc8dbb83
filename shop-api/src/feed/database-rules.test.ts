import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_PATH } from './feed-record.ts';
import { loadTargaryen } from './firebase-test-server.ts';

const rulesFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'firebase', 'database.rules.json');
const rules = JSON.parse(readFileSync(rulesFile, 'utf8'));
const record = { main_id: 3, title: 'Win a Tesla', image: '/wp-content/uploads/competitions/tesla.svg', prize: '£50 Cash', user: 'Jamie T.', won_at: 1 };
const node = `/${DEFAULT_FEED_PATH}`;

/** The shipped rules evaluated as the Realtime Database would (targaryen), for a visitor and for a signed-in user. */
function asEveryone() {
  const db = loadTargaryen().database(rules, { [DEFAULT_FEED_PATH]: { 'win-000000000001': record } }).with({ debug: true });
  return [db.as(null), db.as({ uid: 'someone', provider: 'password' })];
}

describe('database.rules.json (the real project\'s Realtime Database rules)', () => {
  it('lets every visitor read the instant-win records (the pop-up listens to them)', () => {
    for (const who of asEveryone()) {
      expect(who.read(node).allowed).toBe(true);
      expect(who.read(`${node}/win-000000000001`).allowed).toBe(true);
    }
  });

  it('lets a visitor delete a record (the pop-up deletes each after reading it)', () => {
    for (const who of asEveryone()) expect(who.write(`${node}/win-000000000001`, null).allowed).toBe(true);
  });

  it('never lets a visitor create or change a record, or wipe the node', () => {
    for (const who of asEveryone()) {
      expect(who.write(`${node}/win-fake`, record).allowed).toBe(false);
      expect(who.write(`${node}/win-000000000001`, { ...record, prize: 'A car' }).allowed).toBe(false);
      expect(who.write(`${node}/win-000000000001/user`, 'Someone Else').allowed).toBe(false);
      expect(who.write(`${node}/win-000000000001/user`, null).allowed).toBe(false);
      expect(who.update(`${node}`, { 'win-000000000001': null, 'win-fake': record }).allowed).toBe(false);
      expect(who.write(node, null).allowed).toBe(false);
      expect(who.write(node, { 'win-fake': record }).allowed).toBe(false);
      expect(who.write('/', null).allowed).toBe(false);
    }
  });

  it('keeps everything else closed', () => {
    for (const who of asEveryone()) {
      expect(who.read('/').allowed).toBe(false);
      expect(who.read('/customers').allowed).toBe(false);
      expect(who.write('/anything', { a: 1 }).allowed).toBe(false);
    }
  });

  it('has no write rule but the delete one (only the admin credentials, which bypass rules, write)', () => {
    const writes: Array<[string, unknown]> = [];
    const walk = (o: Record<string, unknown>, at: string) => {
      for (const [k, v] of Object.entries(o)) {
        if (k === '.write') writes.push([at, v]);
        else if (v && typeof v === 'object') walk(v as Record<string, unknown>, `${at}/${k}`);
      }
    };
    walk(rules.rules, '');
    expect(writes).toEqual([
      ['', false],
      [`/${DEFAULT_FEED_PATH}/$win`, 'data.exists() && !newData.exists()'],
    ]);
  });
});
