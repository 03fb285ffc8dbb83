import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { letPostgresUserTraverse, postgresBinaryDir } from './postgres-user-access.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('letPostgresUserTraverse', () => {
  it('adds only the traverse bit to private folders on the way down', () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'cgg-private-'));
    made.push(top);
    const inner = path.join(top, 'repo', '.data');
    mkdirSync(inner, { recursive: true });
    chmodSync(top, 0o700);
    chmodSync(path.join(top, 'repo'), 0o750);
    const changed = letPostgresUserTraverse(inner);
    expect(changed).toContain(top);
    expect(statSync(top).mode & 0o777).toBe(0o701);
    expect(statSync(path.join(top, 'repo')).mode & 0o777).toBe(0o751);
    // A second pass finds nothing left to change.
    expect(letPostgresUserTraverse(inner)).toEqual([]);
  });
});

describe('postgresBinaryDir', () => {
  it('finds initdb in the platform package', () => {
    expect(existsSync(path.join(postgresBinaryDir(), 'initdb'))).toBe(true);
  });
});
