import type { StaffComplaint, StaffComplaintRow } from '@cgg/contracts/staff';
import { complaintPolicy } from '@cgg/contracts/complaints';
import type pg from 'pg';
import { answerComplaint, closeComplaint, complaintById, complaintQueue, type ComplaintChange, type ComplaintRecord, type ComplaintSummary } from '../complaints/complaints.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffActor } from './audit-log.ts';

const PAGE = 25;

const toRow = (c: ComplaintSummary): StaffComplaintRow => ({
  id: c.id, reference: c.reference, state: c.state, category: c.category, name: c.name, email: c.email, customer_id: c.customerId,
  order_number: c.orderNumber, created_at: c.createdAt.toISOString(), open_hours: c.openHours, answer_due_at: c.answerDueAt.toISOString(),
});

const toComplaint = (c: ComplaintRecord): StaffComplaint => ({
  ...toRow(c), details: c.details, acknowledged_at: c.acknowledgedAt?.toISOString() ?? null,
  answers: c.answers.map((a) => ({ id: a.id, author: a.author, text: a.text, sent_to: a.sentTo, created_at: a.createdAt.toISOString() })),
  closed_at: c.closedAt?.toISOString() ?? null, closed_by: c.closedBy, close_note: c.closeNote,
});

const noComplaint = (id: number) => new WpHttpError(404, 'cgg_complaint_not_found', `There is no complaint ${id}.`);

/** A refused change, in words staff can act on. */
function refusal(id: number, change: Exclude<ComplaintChange, { done: true }>): WpHttpError {
  if (change.why === 'not-found') return noComplaint(id);
  if (change.why === 'closed') return new WpHttpError(409, 'cgg_complaint_closed', 'This complaint is closed: nothing more can be sent or changed on it.');
  if (change.why === 'key-reused') return new WpHttpError(409, 'cgg_idempotency_key_reused', 'That key was already used for another answer; reload the complaint to see what the customer has.');
  return new WpHttpError(409, 'cgg_complaint_not_answered', 'Send the customer our answer before closing the complaint: the code asks for a final answer first.');
}

/** The complaints queue (UK prize-draw code, clause 1.2): read, answer (emailed to the customer), close; every change audit-logged. */
export function complaintStaffRoutes(deps: { pool: pg.Pool; now: () => Date; mailer: Mailer; siteUrl: string }): DeclaredRoute[] {
  const { pool, now } = deps;
  const current = async (id: number) => {
    const c = await complaintById(pool, id, now());
    if (!c) throw noComplaint(id);
    return { success: true as const, data: toComplaint(c) };
  };
  return [
    declaredRoute(routeTable.staffComplaints, {
      summary: 'Complaints, open first then answered then closed, the oldest first within each, with how long each has been open.',
      description: `\`state\` filters; 25 a page. \`answer_due_at\`: filing plus our target of ${complaintPolicy.answerWithinDays} days.`,
      handler: async ({ input }) => {
        const page = input.page ?? 1;
        const { complaints, total } = await complaintQueue(pool, { state: input.state ?? null, now: now(), limit: PAGE, offset: (page - 1) * PAGE });
        return { success: true, data: complaints.map(toRow), page, total, total_pages: Math.ceil(total / PAGE) };
      },
    }),

    declaredRoute(routeTable.staffComplaint, {
      summary: 'One complaint: the customer\'s text, whether the acknowledgement went, every answer sent and its closing.',
      description: '404 `cgg_complaint_not_found`.',
      handler: async ({ input }) => current(input.id),
    }),

    declaredRoute(routeTable.staffComplaintAnswer, {
      summary: 'Emails the customer our answer (with the independent body they may go to) and records it word for word; the complaint becomes answered.',
      description: '404 `cgg_complaint_not_found`; 409 `cgg_complaint_closed`. Recorded in the audit log (`complaint.answer`) in the same transaction. The same `idempotency_key` again (the back office sends one per answer) is the answer already sent: recorded and mailed once; the key with another complaint or text is 409 `cgg_idempotency_key_reused`.',
      handler: async ({ input, staff }) => {
        const done = await answerComplaint(deps, { id: input.id, text: input.text, staffId: staff.staffId, actor: staffActor(staff), at: now(), idempotencyKey: input.idempotency_key });
        if (!done.done) throw refusal(input.id, done);
        return current(input.id);
      },
    }),

    declaredRoute(routeTable.staffComplaintClose, {
      summary: 'Closes an answered complaint as resolved, with an optional note.',
      description: '404 `cgg_complaint_not_found`; 409 `cgg_complaint_not_answered` while no answer was sent; 409 `cgg_complaint_closed` once closed. Recorded in the audit log (`complaint.close`).',
      handler: async ({ input, staff }) => {
        const done = await closeComplaint(pool, { id: input.id, note: input.note || null, staffId: staff.staffId, actor: staffActor(staff), at: now() });
        if (!done.done) throw refusal(input.id, done);
        return current(input.id);
      },
    }),
  ];
}
