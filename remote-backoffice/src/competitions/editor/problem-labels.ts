import type { FieldProblem } from '@cgg/contracts/staff';

/*
 * The contracts name a problem by its field's path ('sale.price', 'instant_wins.2.title'), the
 * words the CLI's competition file uses. The editor names it as its form does: by the label
 * the operator sees beside the input.
 */
const LABELS: Record<string, string> = {
  title: 'Title',
  category: 'Category',
  description: 'Description',
  image: 'Prize photo',
  gallery_images: 'Gallery',
  prize_value: 'Prize value',
  cash_alternative: 'Cash alternative',
  price_per_ticket: 'Price per ticket',
  total_tickets: 'Total tickets',
  max_ticket_per_user: 'Most tickets per customer',
  closing: 'Entries close',
  draw: 'Draw',
  'sale.price': 'Sale price',
  'sale.start': 'Sale starts',
  'sale.end': 'Sale ends',
  live_draw_info: 'Where and when the live draw happens',
  question: 'Skill question',
  'question.text': 'Question',
  'question.options': 'Answers',
  'question.correct': 'Correct answer',
  instant_wins: 'Instant wins',
  reward_wins: 'Reward milestones',
};

const ROW_FIELDS: Record<string, string> = { title: 'prize', prize_value: 'value', quantity: 'quantity', image: 'photo', percentage: 'milestone (% sold)' };

/** The label of a problem's field: 'Sale price', 'Instant-win prize 3: value', 'Answer 2'. */
export function fieldLabel(field: string): string {
  if (LABELS[field]) return LABELS[field];
  const row = /^(instant_wins|reward_wins)\.(\d+)(?:\.(\w+))?$/.exec(field);
  if (row) {
    const what = row[1] === 'instant_wins' ? 'Instant-win prize' : 'Reward milestone';
    return `${what} ${Number(row[2]) + 1}${row[3] ? `: ${ROW_FIELDS[row[3]] ?? row[3]}` : ''}`;
  }
  const option = /^question\.options\.(\d+)$/.exec(field);
  if (option) return `Answer ${Number(option[1]) + 1}`;
  return field;
}

/** A problem as the summary above the form says it; a photo not yet chosen is asked for in plain words. */
export function problemText(p: FieldProblem, form: { image: string }): string {
  if (p.field === 'image' && form.image.trim() === '') return 'Prize photo: choose a photo of the prize';
  return `${fieldLabel(p.field)}: ${p.message}`;
}
