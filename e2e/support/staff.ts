import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir, e2eDatabaseUrl, sql } from './db.ts';
import { repoRoot } from './site.ts';

export interface TestStaff {
  email: string;
  name: string;
  password: string;
  /** Chosen by the member themselves (through the mailed link): no "Choose your own password" at first sign-in. */
  passwordIsOwn?: boolean;
}

const apiDir = path.join(repoRoot, 'shop-api');
// e2e has no TOTP library of its own: the API's otplib makes the codes an authenticator app would.
const otplib = createRequire(path.join(apiDir, 'package.json'))('otplib') as { generate(o: { secret: string }): Promise<string> };

/** The code an authenticator app shows now for `secret`. */
export const totpCode = (secret: string): Promise<string> => otplib.generate({ secret });

/** A staff member made as an operator makes one: the API's CLI `staff-create`, which prints a one-time password. */
export function createStaffWithCli(role: 'admin' | 'operator' | 'support', name: string): TestStaff {
  const email = `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@cgg.test`;
  const run = spawnSync(process.execPath, [path.join(apiDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/cli/main.ts', 'staff-create', '--email', email, '--name', name, '--role', role, '--by', 'e2e'], {
    cwd: apiDir,
    encoding: 'utf8',
    // The site's data folder too: the CLI uses its data key (bank details and draw seeds are sealed with it).
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl, DATA_DIR: e2eDataDir },
  });
  const password = /shown once\): (\S+)/.exec(run.stdout)?.[1];
  if (run.status !== 0 || !password) throw new Error(`staff-create failed (${run.status}): ${run.stdout}${run.stderr}`);
  return { email, name, password };
}

/** Password step of the back office's sign-in form. */
export async function enterPassword(page: Page, staff: TestStaff): Promise<void> {
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The path of the newest set-password link mailed to a staff member (the mail the API queued). */
export async function mailedPasswordLink(email: string): Promise<string> {
  const [mail] = await sql<{ text_body: string }>('SELECT text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1', [email]);
  const link = mail && /https?:\/\/\S+(\/admin\/set-password\?\S+)/.exec(mail.text_body)?.[1];
  if (!link) throw new Error(`no set-password link was mailed to ${email}`);
  return link;
}

/** The member opens their mailed link and chooses `password`: it is theirs from then on. */
export async function choosePasswordWithLink(page: Page, staff: TestStaff, password: string): Promise<void> {
  await page.goto(await mailedPasswordLink(staff.email));
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is set. Sign in with your email address and your new password.');
  staff.password = password;
  staff.passwordIsOwn = true;
}

/**
 * A first sign-in: password, then the authenticator app enrolled with the key the page shows,
 * then the recovery codes (returned) acknowledged, then (unless the member chose it: `passwordIsOwn`) a
 * password of their own chosen: `staff.password` becomes it, for later sign-ins. Returns the key and the codes.
 */
export async function firstSignIn(page: Page, staff: TestStaff): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/admin');
  await enterPassword(page, staff);
  const key = page.getByTestId('totp-secret');
  await expect(key).toBeVisible();
  const secret = (await key.textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Code').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  if (staff.passwordIsOwn) {
    await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
    return { secret, recoveryCodes };
  }
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  const own = `${staff.password}-own`;
  await page.getByLabel('Current password').fill(staff.password);
  await page.getByLabel('New password', { exact: true }).fill(own);
  await page.getByLabel('New password again').fill(own);
  await page.getByRole('button', { name: 'Save my password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is changed. Your other back-office sessions have ended.');
  staff.password = own;
  await page.getByRole('button', { name: 'Continue to the back office' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
  return { secret, recoveryCodes };
}
