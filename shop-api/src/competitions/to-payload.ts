import type { Competition, CompetitionStatus } from '@cgg/contracts';
import { penceToPounds } from '../lib/money.ts';
import { sanitizeDescription } from './sanitize-description.ts';

/** A row selected with COMPETITION_COLUMNS. */
export interface CompetitionRow {
  id: number;
  competition_product_id: number;
  title: string;
  description: string;
  category: string;
  image: string;
  price_pence: number;
  sale_price_pence: number | null;
  sale_start_date: string | null;
  sale_start_time: string | null;
  sale_end_date: string | null;
  sale_end_time: string | null;
  total_tickets: number;
  tickets_sold: number;
  max_tickets_per_user: number;
  draw_date: string;
  draw_time: string;
  closing_date: string;
  closing_time: string;
  derived_status: CompetitionStatus;
  featured: boolean;
  created_at: Date;
  enable_instant_wins: boolean;
  enable_reward_wins: boolean;
  comp_question: boolean;
  question: string | null;
  hide_ticket_count: boolean;
  hide_timer: boolean;
  disable_tickets: boolean;
  live_draw: boolean;
  live_draw_info: string | null;
  prize_value_pence: number;
  cash_alternative_pence: number | null;
  winning_ticket_number: number | null;
  cancelled: boolean;
  gallery_images: string[];
  instant_wins: Array<{ id: number; title: string; pence: number; image: string; quantity: number }>;
  instant_wins_tickets: Competition['instant_wins_tickets'];
  reward_wins: Array<{ id: number; title: string; pence: number; percentage: number; won: boolean }>;
  question_options: Competition['question_options'];
}

const nullablePounds = (pence: number | null): string | null => (pence === null ? null : penceToPounds(pence));

export function toCompetition(row: CompetitionRow): Competition {
  return {
    id: row.id,
    competition_product_id: row.competition_product_id,
    title: row.title,
    // Operator HTML: cleaned here so every client (the catalogue, the shell's server-rendered page) gets safe HTML.
    description: sanitizeDescription(row.description),
    category: row.category,
    image: row.image,
    gallery_images: row.gallery_images,
    price_per_ticket: penceToPounds(row.price_pence),
    sale_price: nullablePounds(row.sale_price_pence),
    sale_start_date: row.sale_start_date,
    sale_start_time: row.sale_start_time,
    sale_end_date: row.sale_end_date,
    sale_end_time: row.sale_end_time,
    quantity: Math.max(0, row.total_tickets - row.tickets_sold),
    total_sell_tickets: row.total_tickets,
    total_ticket_sold: row.tickets_sold,
    max_ticket_per_user: row.max_tickets_per_user,
    draw_date: row.draw_date,
    draw_time: row.draw_time,
    closing_date: row.closing_date,
    closing_time: row.closing_time,
    status: row.derived_status,
    created_at: row.created_at.toISOString(),
    enable_instant_wins: row.enable_instant_wins,
    instant_wins: row.instant_wins.map((p) => ({
      id: p.id,
      title: p.title,
      prize_value: penceToPounds(p.pence),
      image: p.image,
      quantity: p.quantity,
    })),
    instant_wins_tickets: row.instant_wins_tickets,
    enable_reward_wins: row.enable_reward_wins,
    reward_wins: row.reward_wins.map((r) => ({
      id: r.id,
      title: r.title,
      prize_value: penceToPounds(r.pence),
      percentage: r.percentage,
      won: r.won,
    })),
    comp_question: row.comp_question,
    question: row.question,
    question_options: row.question_options,
    hide_ticket_count: row.hide_ticket_count,
    hide_timer: row.hide_timer,
    disable_tickets: row.disable_tickets,
    live_draw: row.live_draw,
    live_draw_info: row.live_draw_info,
    prize_value: penceToPounds(row.prize_value_pence),
    cash_alternative: nullablePounds(row.cash_alternative_pence),
    winning_ticket_number: row.winning_ticket_number,
    ...(row.cancelled ? { cancelled: true as const } : {}),
  };
}
