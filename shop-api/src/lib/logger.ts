import type { FastifyBaseLogger } from 'fastify';
import { pino, stdSerializers, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from '../config.ts';
import { redactText, redactValue } from '../http/redact.ts';

/** What code logs through: Fastify's pino (`app.log`, `request.log`), a child of it, or one made here. */
export type Logger = FastifyBaseLogger;

export interface LoggerOptions {
  level: LogLevel;
  /** Where the JSON lines go; default stdout, written at once (a line just before an exit is never lost). The CLI passes stderr, tests a capture. */
  stream?: DestinationStream | { write(line: string): void };
}

/**
 * Headers that are secrets, wherever a request or answer object with headers is logged.
 * Fastify's own request serializer (below) never logs headers; these paths catch code that logs
 * `request.headers` or a raw request anyway. pino's compiled `redact` is cheap on every line.
 */
const HEADER_PATHS = ['authorization', 'proxy-authorization', 'cookie', 'cart-token', 'nonce', 'x-wc-store-api-nonce', 'idempotency-key'].flatMap((h) => [
  `req.headers["${h}"]`,
  `headers["${h}"]`,
]);

/**
 * The one pino configuration: the API's Fastify instance (main.ts passes it as
 * `loggerInstance`), the background loops and the CLI all log through a logger made here,
 * so every line is JSON with the same redaction (http/redact.ts): secret keys anywhere in a
 * logged object, and emails, bearer tokens, card and bank numbers inside any string, the
 * message included.
 */
export function createLogger(options: LoggerOptions): PinoLogger {
  return pino(
    {
      level: options.level,
      base: { name: 'shop-api' },
      redact: { paths: [...HEADER_PATHS, 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        // The request line: method and path only. The raw URL's query can carry a token.
        req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactText(req.url ?? '') }),
        // pino's error object is not plain data; its fields (message, stack, pg's detail) are copied out and cleaned.
        err: (err: Error) => redactValue({ ...stdSerializers.err(err) }, 'err') as ReturnType<typeof stdSerializers.err>,
        error: (err: unknown) => (err instanceof Error ? (redactValue({ ...stdSerializers.err(err) }, 'err') as object) : redactValue(err)),
      },
      formatters: {
        // Runs before the serializers above, which redact what they make themselves.
        log: (object) => redactValue(object) as Record<string, unknown>,
        bindings: (bindings) => redactValue(bindings) as Record<string, unknown>,
      },
      hooks: {
        // The message (and any printf arguments) may quote an email or a code.
        logMethod(args, method) {
          const cleaned = args.map((a: unknown) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<typeof method>;
          method.apply(this, cleaned);
        },
      },
    },
    (options.stream as DestinationStream | undefined) ?? pino.destination({ dest: 1, sync: true }),
  );
}

let fallback: PinoLogger | undefined;
/**
 * For code whose caller passed no logger (a unit test, a helper used outside the API): the same
 * configuration at `info`, to stderr. main.ts and the CLI always pass theirs down.
 */
export function fallbackLogger(): PinoLogger {
  fallback ??= createLogger({ level: 'info', stream: pino.destination({ dest: 2, sync: true }) });
  return fallback;
}
