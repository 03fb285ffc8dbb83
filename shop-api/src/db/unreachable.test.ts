import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './unreachable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a closed port', withCode('ECONNREFUSED')],
    ['a dropped connection', withCode('ECONNRESET')],
    ['a server stopped by its operator', withCode('57P01', 'terminating connection due to administrator command')],
    ['a crash of another backend', withCode('57P02')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['too many connections', withCode('53300')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a socket closed under a query', new Error('Connection terminated unexpectedly')],
    ['a pool connect that timed out', new Error('timeout exceeded when trying to connect')],
    ['a broken client reused', new Error('Client has encountered a connection error and is not queryable')],
    ['every address of a host refused', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), {})],
    ['a wrapped cause', new Error('could not load', { cause: withCode('ECONNREFUSED') })],
  ])('%s is unreachable', (_what, err) => {
    expect(isDatabaseUnreachable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a deadlock (retried by its caller)', withCode('40P01')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_what, err) => {
    expect(isDatabaseUnreachable(err)).toBe(false);
  });

  it('ends on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(isDatabaseUnreachable(a)).toBe(false);
  });
});
