/*
 * The shop's admin CLI: `node ../scripts/pnpm.mjs --filter @cgg/shop-api cli -- <command> [options]`.
 * Each command is one file in commands/; add it to the list below.
 */
import { pino } from 'pino';
import { productionRefusals, readCliConfig } from '../config.ts';
import { useDataKey } from '../lib/data-encryption.ts';
import { createLogger } from '../lib/logger.ts';
import { openCliDatabase } from './cli-database.ts';
import { UsageError, type Command } from './command.ts';
import { loginAsUserCommand } from './commands/login-as-user.ts';
import { outboxCommand } from './commands/outbox.ts';
import { deadJobsCommand } from './commands/dead-jobs.ts';
import { paymentProblemsCommand } from './commands/payment-problems.ts';
import { removeChatMessageCommand } from './commands/remove-chat-message.ts';
import { competitionCreateCommand } from './commands/competition-create.ts';
import { competitionUpdateCommand } from './commands/competition-update.ts';
import { claimPayeeCommand } from './commands/claim-payee.ts';
import { claimStateCommand } from './commands/claim-state.ts';
import { claimsCommand } from './commands/claims.ts';
import { couponCreateCommand } from './commands/coupon-create.ts';
import { creditAdjustCommand } from './commands/credit-adjust.ts';
import { drawCommand } from './commands/draw.ts';
import { entriesCommand } from './commands/entries.ts';
import { pointsAdjustCommand } from './commands/points-adjust.ts';
import { postalEntryCommand } from './commands/postal-entry.ts';
import { postalWinsCommand } from './commands/postal-wins.ts';
import { refundOrderCommand } from './commands/refund-order.ts';
import { competitionCancelCommand } from './commands/competition-cancel.ts';
import { staffCreateCommand } from './commands/staff-create.ts';
import { staffResetCommand } from './commands/staff-reset.ts';
import { staffListCommand, staffUpdateCommand } from './commands/staff-update.ts';
import { customerBreakCommand } from './commands/customer-break.ts';

const commands: Command[] = [
  loginAsUserCommand, outboxCommand, deadJobsCommand, paymentProblemsCommand, removeChatMessageCommand,
  competitionCreateCommand, competitionUpdateCommand, entriesCommand, postalEntryCommand, postalWinsCommand, drawCommand,
  couponCreateCommand, pointsAdjustCommand, creditAdjustCommand, customerBreakCommand, claimsCommand, claimStateCommand, claimPayeeCommand, refundOrderCommand, competitionCancelCommand, staffCreateCommand, staffListCommand, staffUpdateCommand, staffResetCommand,
];

function help(): void {
  console.log('Usage: cli <command> [options]   (cli <command> --help for one command)\n\nCommands:');
  for (const c of commands) console.log(`  ${c.name.padEnd(22)}${c.summary}`);
}

async function main(argv: string[]): Promise<number> {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    help();
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`Unknown command: ${name}\n`);
    help();
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(`Usage: cli ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  // The same configuration reader as the API, once; logs go to stderr, the command's output to stdout.
  const config = readCliConfig();
  // What the API refuses to start with, the CLI refuses too: it would seed the demo accounts, or
  // refund through the demo provider, on a production database.
  const refusals = productionRefusals(config);
  if (refusals.length > 0) {
    for (const reason of refusals) console.error(`refusing to run in production (NODE_ENV=production): ${reason}`);
    return 1;
  }
  useDataKey(config);
  const log = createLogger({ level: config.logLevel, stream: pino.destination({ dest: 2, sync: true }) });
  const db = await openCliDatabase(config, log);
  try {
    return await command.run(rest, {
      pool: db.pool, siteUrl: config.siteUrl, smtpUrl: config.smtpUrl, payments: config, operator: config.operator,
    });
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\nUsage: cli ${command.usage}`);
      return 2;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('[cli] failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
