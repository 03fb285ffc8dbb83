/*
 * Plans for work whose every statement looks rows up by key: a request's checkout, basket,
 * payment, order answer and session lookup.
 *
 * Their prepared statements run a generic plan (db/database.ts), made once per connection and
 * kept until the tables' statistics change. A generic plan made while a table was nearly empty
 * (before a launch) scans it whole, and keeps doing so as it fills, until autoanalyze notices: a
 * plan made while cart_items was empty read every basket line in the shop three times a checkout;
 * plans of the payment made while tickets and order_items were small read both whole at every
 * payment; a plan made while a new competition's unsold numbers were not yet in the statistics
 * hashed all of them to take 20. By index, each is a few lookups whatever the statistics say. So
 * this work turns off what a stale estimate chooses: sequential scans, hash and merge joins
 * (store/keyed-plans.test.ts).
 *
 * It runs on a pool of its own whose connections carry these settings (db/database.ts
 * createApiPools), so that a statement planned again after an ANALYZE is planned the same way; the
 * shop's other work (listings, reports, draws) keeps the planner's full choice.
 */
const KEYED_SETTINGS = [
  ['plan_cache_mode', 'force_generic_plan'],
  ['enable_hashjoin', 'off'],
  ['enable_mergejoin', 'off'],
  ['enable_seqscan', 'off'],
] as const;

/** The settings as connection options (pg's `options`). */
export const KEYED_CONNECTION_OPTIONS = KEYED_SETTINGS.map(([name, value]) => `-c ${name}=${value}`).join(' ');
