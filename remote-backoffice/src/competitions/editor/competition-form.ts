import { penceToPounds, poundsToPence } from '@cgg/contracts';
import type { CompetitionFields } from '@cgg/contracts/staff';

/*
 * The editor's form: every input as the text the operator typed (so nothing is lost while
 * they type), turned into the competition fields the contracts check and the API saves.
 */

export interface PrizeRow {
  title: string;
  prize_value: string;
  quantity: string;
  image: string;
}
export interface RewardRow {
  title: string;
  prize_value: string;
  percentage: string;
}

export interface CompetitionForm {
  title: string;
  category: string;
  description: string;
  image: string;
  gallery_images: string[];
  price_per_ticket: string;
  total_tickets: string;
  max_ticket_per_user: string;
  /** London wall time as a datetime-local input holds it: 'YYYY-MM-DDTHH:mm'. */
  closing: string;
  draw: string;
  prize_value: string;
  cash_alternative: string;
  on_sale: boolean;
  sale_price: string;
  sale_start: string;
  sale_end: string;
  featured: boolean;
  hide_ticket_count: boolean;
  hide_timer: boolean;
  disable_tickets: boolean;
  live_draw: boolean;
  live_draw_info: string;
  has_question: boolean;
  question_text: string;
  question_options: string[];
  question_correct: number;
  instant_wins: PrizeRow[];
  reward_wins: RewardRow[];
}

export const blankPrize = (): PrizeRow => ({ title: '', prize_value: '', quantity: '1', image: '' });
export const blankReward = (): RewardRow => ({ title: '', prize_value: '', percentage: '' });

export function blankForm(category: string): CompetitionForm {
  return {
    title: '', category, description: '', image: '', gallery_images: [], price_per_ticket: '', total_tickets: '', max_ticket_per_user: '',
    closing: '', draw: '', prize_value: '', cash_alternative: '', on_sale: false, sale_price: '', sale_start: '', sale_end: '',
    featured: false, hide_ticket_count: false, hide_timer: false, disable_tickets: false, live_draw: false, live_draw_info: '',
    has_question: false, question_text: '', question_options: ['', '', ''], question_correct: 0, instant_wins: [], reward_wins: [],
  };
}

const toInput = (wall: string): string => wall.replace(' ', 'T');
const toWall = (input: string): string => input.replace('T', ' ');
/**
 * An amount as an operator types it ('1000', '£1,000', '2.5') in the contracts' pounds with 2
 * decimals ('1000.00', '2.50'); anything else stays as typed, for the schema to name.
 */
export function pounds(text: string): string {
  const plain = text.trim().replace(/^£\s*/, '').replace(/,(?=\d{3}(?:\D|$))/g, '');
  try {
    return penceToPounds(poundsToPence(plain));
  } catch {
    return text; // not an amount: poundsToPence says so
  }
}

/** A whole number typed as digits becomes a number; anything else stays text, for the schema to name. */
const count = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

export function formOf(f: CompetitionFields): CompetitionForm {
  return {
    title: f.title, category: f.category, description: f.description, image: f.image, gallery_images: f.gallery_images,
    price_per_ticket: f.price_per_ticket, total_tickets: String(f.total_tickets), max_ticket_per_user: String(f.max_ticket_per_user),
    closing: toInput(f.closing), draw: toInput(f.draw), prize_value: f.prize_value, cash_alternative: f.cash_alternative ?? '',
    on_sale: f.sale !== null, sale_price: f.sale?.price ?? '', sale_start: toInput(f.sale?.start ?? ''), sale_end: toInput(f.sale?.end ?? ''),
    featured: f.featured, hide_ticket_count: f.hide_ticket_count, hide_timer: f.hide_timer, disable_tickets: f.disable_tickets,
    live_draw: f.live_draw, live_draw_info: f.live_draw_info ?? '',
    has_question: f.question !== null, question_text: f.question?.text ?? '', question_options: f.question?.options ?? ['', '', ''], question_correct: f.question?.correct ?? 0,
    instant_wins: f.instant_wins.map((p) => ({ title: p.title, prize_value: p.prize_value, quantity: String(p.quantity), image: p.image ?? '' })),
    reward_wins: f.reward_wins.map((r) => ({ title: r.title, prize_value: r.prize_value, percentage: String(r.percentage) })),
  };
}

/** The fields to check and send: the same shape as the CLI's competition file. */
export function fieldsOf(form: CompetitionForm): Record<string, unknown> {
  return {
    title: form.title, category: form.category, description: form.description, image: form.image, gallery_images: form.gallery_images,
    price_per_ticket: pounds(form.price_per_ticket), total_tickets: count(form.total_tickets), max_ticket_per_user: count(form.max_ticket_per_user),
    closing: toWall(form.closing), draw: toWall(form.draw), prize_value: pounds(form.prize_value),
    cash_alternative: form.cash_alternative.trim() ? pounds(form.cash_alternative) : null,
    sale: form.on_sale ? { price: pounds(form.sale_price), start: toWall(form.sale_start), end: toWall(form.sale_end) } : null,
    featured: form.featured, hide_ticket_count: form.hide_ticket_count, hide_timer: form.hide_timer, disable_tickets: form.disable_tickets,
    live_draw: form.live_draw, live_draw_info: form.live_draw_info.trim() ? form.live_draw_info : null,
    question: form.has_question ? { text: form.question_text, options: form.question_options, correct: form.question_correct } : null,
    instant_wins: form.instant_wins.map((p) => ({ title: p.title, prize_value: pounds(p.prize_value), quantity: count(p.quantity), ...(p.image.trim() ? { image: p.image.trim() } : {}) })),
    reward_wins: form.reward_wins.map((r) => ({ title: r.title, prize_value: pounds(r.prize_value), percentage: count(r.percentage) })),
  };
}
