import type { CompetitionFields } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { penceToPounds } from '../lib/money.ts';

/*
 * A stored competition read back as the fields an operator writes (the inverse of the
 * writer): the back office's editor opens a competition with it, and a duplicate starts
 * from it. Times come back as London wall time, money as pounds strings.
 */

const wall = (column: string): string => `to_char(${column} AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI')`;

interface Row {
  title: string;
  category: string;
  description: string;
  image: string;
  price_pence: number;
  sale_price_pence: number | null;
  sale_start: string | null;
  sale_end: string | null;
  total_tickets: number;
  max_tickets_per_user: number;
  closing: string;
  draw: string;
  prize_value_pence: number;
  cash_alternative_pence: number | null;
  featured: boolean;
  hide_ticket_count: boolean;
  hide_timer: boolean;
  disable_tickets: boolean;
  live_draw: boolean;
  live_draw_info: string | null;
  comp_question: boolean;
  question: string | null;
  options: Array<{ text: string; correct: boolean }>;
  gallery: string[];
  instant: Array<{ title: string; pence: number; quantity: number; image: string }>;
  rewards: Array<{ title: string; pence: number; percentage: number }>;
}

const SQL = `
  SELECT c.title, cat.slug AS category, c.description, c.image, c.price_pence, c.sale_price_pence,
         ${wall('c.sale_start_at')} AS sale_start, ${wall('c.sale_end_at')} AS sale_end,
         c.total_tickets, c.max_tickets_per_user, ${wall('c.closing_at')} AS closing, ${wall('c.draw_at')} AS draw,
         c.prize_value_pence, c.cash_alternative_pence, c.featured, c.hide_ticket_count, c.hide_timer, c.disable_tickets,
         c.live_draw, c.live_draw_info, c.comp_question, c.question,
         COALESCE((SELECT json_agg(json_build_object('text', o.text, 'correct', o.is_correct) ORDER BY o.position, o.id)
                   FROM competition_question_options o WHERE o.competition_id = c.id), '[]') AS options,
         COALESCE((SELECT json_agg(g.url ORDER BY g.position, g.id) FROM competition_gallery_images g WHERE g.competition_id = c.id), '[]') AS gallery,
         COALESCE((SELECT json_agg(json_build_object('title', p.title, 'pence', p.prize_value_pence, 'quantity', p.quantity, 'image', p.image) ORDER BY p.position, p.id)
                   FROM instant_win_prizes p WHERE p.competition_id = c.id), '[]') AS instant,
         COALESCE((SELECT json_agg(json_build_object('title', r.title, 'pence', r.prize_value_pence, 'percentage', r.percentage) ORDER BY r.percentage)
                   FROM reward_wins r WHERE r.competition_id = c.id), '[]') AS rewards
  FROM competitions c JOIN categories cat ON cat.id = c.category_id
  WHERE c.id = $1`;

/** The competition's fields, or null when there is no such competition. */
export async function readCompetitionFields(db: Queryable, id: number): Promise<CompetitionFields | null> {
  const r = (await db.query<Row>(SQL, [id])).rows[0];
  if (!r) return null;
  const correct = r.options.findIndex((o) => o.correct);
  return {
    title: r.title,
    category: r.category,
    description: r.description,
    image: r.image,
    gallery_images: r.gallery,
    price_per_ticket: penceToPounds(r.price_pence),
    sale: r.sale_price_pence !== null && r.sale_start && r.sale_end ? { price: penceToPounds(r.sale_price_pence), start: r.sale_start, end: r.sale_end } : null,
    total_tickets: r.total_tickets,
    max_ticket_per_user: r.max_tickets_per_user,
    closing: r.closing,
    draw: r.draw,
    prize_value: penceToPounds(r.prize_value_pence),
    cash_alternative: r.cash_alternative_pence === null ? null : penceToPounds(r.cash_alternative_pence),
    featured: r.featured,
    hide_ticket_count: r.hide_ticket_count,
    hide_timer: r.hide_timer,
    disable_tickets: r.disable_tickets,
    live_draw: r.live_draw,
    live_draw_info: r.live_draw_info,
    question: r.comp_question && r.question ? { text: r.question, options: r.options.map((o) => o.text), correct: Math.max(correct, 0) } : null,
    instant_wins: r.instant.map((p) => ({ title: p.title, prize_value: penceToPounds(p.pence), quantity: p.quantity, ...(p.image ? { image: p.image } : {}) })),
    reward_wins: r.rewards.map((w) => ({ title: w.title, prize_value: penceToPounds(w.pence), percentage: w.percentage })),
  };
}
