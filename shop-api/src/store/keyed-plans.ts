/*
 * Plans for transactions whose every statement looks rows up by key (the checkout, a basket add).
 *
 * Their prepared statements run a generic plan, made once per connection and kept for its life
 * (planning them at every request cost more than running them). A generic plan made while a table
 * was nearly empty (before a launch) scans it whole, and keeps doing so once it has filled: a plan
 * made while cart_items was empty read every basket line in the shop three times a checkout, and a
 * plan made while a new competition's unsold numbers were not yet in the statistics hashed all of
 * them to take 20. By index, each is a few lookups whatever the statistics say. So these
 * transactions turn off what a stale estimate chooses: sequential scans, hash and merge joins
 * (keyed-plans.test.ts).
 */
export const KEYED_PLANS = 'SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL enable_hashjoin = off; SET LOCAL enable_mergejoin = off; SET LOCAL enable_seqscan = off';

/** BEGIN with the settings above, in the same round trip. */
export const BEGIN_KEYED = `BEGIN; ${KEYED_PLANS}`;
