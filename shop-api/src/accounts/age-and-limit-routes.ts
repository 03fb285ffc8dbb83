import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import type { AccountDeps } from './account-deps.ts';
import { refuseWhileAssisted } from './assisted-session.ts';
import { checkAge, DOOR_COLUMNS, needsLimitChoice, purchaseNeeds, readLimitChoice, recordLimitChoice, type DoorRow } from './age-and-limit.ts';
import { fieldError } from './field-errors.ts';
import { inTransaction } from './queryable.ts';
import { refuseBreakElsewhere } from './break-elsewhere.ts';

/** save_age_and_limit: what an account from before sign-up asked for them gives at its first purchase (UK code 1.1, 1.4). */
export function ageAndLimitRoutes(deps: AccountDeps): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.saveAgeAndLimit, {
      summary: 'Saves the date of birth and the monthly-limit choice the checkout asks an older account for (each only while missing).',
      description: 'The checkout refuses with 403 `cgg_date_of_birth_required` / `cgg_limit_choice_required` (`data.needs`) until both are given. `date_of_birth` \'YYYY-MM-DD\', 18 or over on the London date; `monthly_limit` pounds (\'0\' allowed; set as a monthly limit at once) or null for no limit, recorded with its time. Errors: 400 naming the field (bad or missing date, nothing sent); 400 `cgg_under_18` (nothing saved); 400 `cgg_age_not_verified`; 403 `cgg_details_refused` (another account with the same name and date of birth is on a break or closed; the message does not say so; nothing saved); 400 `cgg_date_of_birth_already_given` / `cgg_limit_already_chosen`. 403 `cgg_assisted_session` in a session support opened as the customer (their own answers). Answers `data.needs`, what the checkout still needs.',
      handler: async ({ customer: me, input }) => {
        // The customer's own answers (UK code 1.1, 1.4): never given for them by support.
        refuseWhileAssisted(me);
        const at = now();
        const givesAge = input.date_of_birth !== undefined;
        const givesLimit = input.monthly_limit !== undefined;
        if (!givesAge && !givesLimit) throw fieldError('date_of_birth', 'Nothing to save: send your date of birth, your monthly limit choice, or both.');
        const limitChoice = givesLimit ? readLimitChoice(input.monthly_limit) : null;
        // Checked (and the provider asked) before anything is written or locked: a refusal saves nothing at all.
        let dateOfBirth: string | null = null;
        if (givesAge) {
          const { rows } = await pool.query<{ first_name: string; last_name: string; email: string }>('SELECT first_name, last_name, email FROM customers WHERE id = $1', [me.customerId]);
          const who = rows[0]!;
          dateOfBirth = await checkAge(deps.ageVerifier, { firstName: who.first_name, lastName: who.last_name, email: who.email, dateOfBirth: input.date_of_birth }, 'order', at);
          await refuseBreakElsewhere(pool, { firstName: who.first_name, lastName: who.last_name, dateOfBirth, exceptCustomerId: me.customerId }, at);
        }
        const needs = await inTransaction(pool, async (client) => {
          const { rows } = await client.query<DoorRow>(`SELECT ${DOOR_COLUMNS} FROM customers WHERE id = $1 FOR UPDATE`, [me.customerId]);
          const row = rows[0]!;
          if (dateOfBirth !== null) {
            if (row.date_of_birth !== null) {
              throw fieldError('date_of_birth', 'Your date of birth is already on your account. If it is wrong, please contact us to correct it.', 'cgg_date_of_birth_already_given');
            }
            await client.query('UPDATE customers SET date_of_birth = $2, updated_at = $3 WHERE id = $1', [me.customerId, dateOfBirth, at]);
            row.date_of_birth = dateOfBirth;
          }
          if (givesLimit) {
            if (!needsLimitChoice(row)) {
              throw fieldError('monthly_limit', 'You have already chosen your spending limit. You can change it at any time under Responsible gaming.', 'cgg_limit_already_chosen');
            }
            await recordLimitChoice(client, me.customerId, limitChoice, at);
            row.limit_choice_at = at;
          }
          return purchaseNeeds(row);
        });
        return { success: true, message: needs.length ? 'Saved. We still need a little more before your order.' : 'Thank you. You can now place your order.', data: { needs } };
      },
    }),
  ];
}
