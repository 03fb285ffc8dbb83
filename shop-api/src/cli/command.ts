import type pg from 'pg';
import type { Config } from '../config.ts';

/** What a command gets: the database, output lines, and the clock. */
export interface CommandContext {
  pool: pg.Pool;
  out?: (line: string) => void;
  now?: () => Date;
  /** Public site origin for printed links (SITE_URL). */
  siteUrl?: string;
  /** SMTP_URL and MAIL_FROM: how mail goes out; unset, the outbox and the shop's sender. */
  smtpUrl?: string;
  /** PAYMENT_GATEWAY and the Stripe keys (config.ts); default the demo provider. */
  payments?: Pick<Config, 'paymentGateway' | 'stripe'>;
  /** The account that ran the CLI (SUDO_USER, else USER), recorded when `--by` names nobody. */
  operator?: string;
}

/** One admin command = one file under commands/ exporting this shape. */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  /** Exit code: 0 done, 1 failed (e.g. not found), 2 bad usage. */
  run(args: string[], ctx: CommandContext): Promise<number>;
}

export class UsageError extends Error {}

/**
 * `--name value` / `--name=value` flags; booleans listed in `booleans`. Unknown flags and
 * stray arguments are usage errors, so a typo never silently does something else.
 */
export function parseFlags(args: string[], known: string[], booleans: string[] = []): Record<string, string | true> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Unexpected argument: ${arg}`);
    const [, name, inline] = match as unknown as [string, string, string | undefined];
    if (booleans.includes(name)) {
      flags[name] = true;
      continue;
    }
    if (!known.includes(name)) throw new UsageError(`Unknown option: --${name}`);
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
  }
  return flags;
}
