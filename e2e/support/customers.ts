import type { BrowserContext } from '@playwright/test';
import { apiURL } from './site.ts';

export interface TestCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
}

/** Registers a customer through the API's register call (what the sign-up form sends). */
export async function registerCustomer(firstName: string, lastName: string): Promise<TestCustomer> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.uk`;
  const password = 'Winning-Ticket-2026!';
  const res = await fetch(`${apiURL}/?rest_route=/api/v1/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer cgg-storefront' },
    // An adult who chose no monthly limit at sign-up (UK code 1.1, 1.4: the API asks both).
    body: JSON.stringify({ first_name: firstName, last_name: lastName, email, password, over_18: true, date_of_birth: '1990-04-23', monthly_limit: null }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: string } };
  return { email, password, firstName, lastName, token: body.data.token };
}

/**
 * Signs the browser in the way the account remote keeps a session: the token base64 in
 * localStorage under `token` (contracts' SESSION_TOKEN_KEY). The account remote checks it
 * on start-up and announces `account:session-changed`.
 */
export async function signInContext(context: BrowserContext, customer: TestCustomer): Promise<void> {
  await context.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', btoa(token));
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, customer.token);
}
