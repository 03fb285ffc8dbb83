/*
 * SQL fragments shared by the competition queries. Status is derived in the
 * database so filters and payload agree: a competition whose closing time has
 * passed is 'closed' unless it has been drawn.
 */

const london = (column: string, format: string): string => `to_char(${column} AT TIME ZONE 'Europe/London', '${format}')`;

export const STATUS_SQL = `CASE WHEN c.status = 'drawn' THEN 'drawn' WHEN c.status <> 'open' OR c.closing_at <= now() THEN 'closed' ELSE 'open' END`;

/** What the shop may show: a draft (back office, not yet published) is nobody's business but staff's. */
export const PUBLIC_SQL = `c.status <> 'draft'`;

/** Shaped to use competitions_status_closing_idx. */
export const statusFilters = {
  open: `c.status = 'open' AND c.closing_at > now()`,
  // A cancelled competition is never drawn: not among those closed and waiting for their draw.
  closed: `c.status NOT IN ('drawn', 'cancelled') AND (c.status <> 'open' OR c.closing_at <= now())`,
  drawn: `c.status = 'drawn'`,
  finished: `c.status <> 'cancelled' AND (c.status <> 'open' OR c.closing_at <= now())`,
  all: 'true',
} as const;
export type StatusFilter = keyof typeof statusFilters;

/**
 * Every column of the payload for rows aliased `c`, with its parts aggregated by
 * correlated subqueries: one statement and one round trip for a whole page, each
 * part read through its (competition_id, position) index. The question options
 * leave out is_correct on purpose: the answer never reaches a client.
 */
export const COMPETITION_COLUMNS = `
  c.id, c.competition_product_id, c.title, c.description, cat.slug AS category, c.image,
  c.price_pence, c.sale_price_pence,
  ${london('c.sale_start_at', 'YYYY-MM-DD')} AS sale_start_date, ${london('c.sale_start_at', 'HH24:MI')} AS sale_start_time,
  ${london('c.sale_end_at', 'YYYY-MM-DD')} AS sale_end_date, ${london('c.sale_end_at', 'HH24:MI')} AS sale_end_time,
  c.total_tickets, c.tickets_sold, c.max_tickets_per_user,
  ${london('c.draw_at', 'YYYY-MM-DD')} AS draw_date, ${london('c.draw_at', 'HH24:MI')} AS draw_time,
  ${london('c.closing_at', 'YYYY-MM-DD')} AS closing_date, ${london('c.closing_at', 'HH24:MI')} AS closing_time,
  ${STATUS_SQL} AS derived_status, c.featured, c.created_at,
  c.enable_instant_wins, c.enable_reward_wins, c.comp_question, c.question,
  c.hide_ticket_count, c.hide_timer, c.disable_tickets, c.live_draw, c.live_draw_info,
  c.prize_value_pence, c.cash_alternative_pence, c.winning_ticket_number, c.status = 'cancelled' AS cancelled,
  COALESCE((SELECT json_agg(g.url ORDER BY g.position, g.id)
            FROM competition_gallery_images g WHERE g.competition_id = c.id), '[]'::json) AS gallery_images,
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'title', p.title, 'pence', p.prize_value_pence,
                                              'image', p.image, 'quantity', p.quantity) ORDER BY p.position, p.id)
            FROM instant_win_prizes p WHERE p.competition_id = c.id), '[]'::json) AS instant_wins,
  COALESCE((SELECT json_agg(json_build_object('ticket_number', t.ticket_number, 'instant_win_id', t.instant_win_prize_id,
                                              'won', t.won_at IS NOT NULL, 'won_by', t.won_by_name) ORDER BY t.ticket_number)
            FROM instant_win_tickets t WHERE t.competition_id = c.id), '[]'::json) AS instant_wins_tickets,
  COALESCE((SELECT json_agg(json_build_object('id', r.id, 'title', r.title, 'pence', r.prize_value_pence,
                                              'percentage', r.percentage, 'won', r.won_at IS NOT NULL) ORDER BY r.percentage)
            FROM reward_wins r WHERE r.competition_id = c.id), '[]'::json) AS reward_wins,
  COALESCE((SELECT json_agg(json_build_object('id', o.id, 'text', o.text) ORDER BY o.position, o.id)
            FROM competition_question_options o WHERE o.competition_id = c.id), '[]'::json) AS question_options`;
