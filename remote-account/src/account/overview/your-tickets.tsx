import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { competitionPath, formatDisplayDate, to12Hour } from '@cgg/contracts';
import { loadTicketsByDraw } from '../../session/session.ts';
import type { CompetitionTickets } from '../../session/user-store.ts';
import { useSession } from '../../session/use-session.ts';

const tickets = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;
const drawWhen = (t: CompetitionTickets) => `${formatDisplayDate(t.competition.draw_date)} at ${to12Hour(t.competition.draw_time)}`;

function TicketsTable({ rows, caption, when }: { rows: CompetitionTickets[]; caption: string; when: (t: CompetitionTickets) => string }) {
  return (
    <table className="acc-table">
      <caption className="acc-table__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Competition</th>
          <th scope="col">Tickets</th>
          <th scope="col">Draw</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.competition_id}>
            <td data-label="Competition">
              <Link to={competitionPath(t.competition)}>{t.competition.title}</Link>
            </td>
            <td data-label="Tickets">{tickets(t.total_tickets)}</td>
            <td data-label="Draw">{when(t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "Your tickets" on the overview: the user store's upcomingTickets and drawnTickets
 * (spec section 3), loaded when the overview opens so a purchase made since shows.
 * Hidden while there are none (or their calls failed: logged only, section 8).
 */
export function YourTickets() {
  const { user, upcomingTickets, drawnTickets } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) void loadTicketsByDraw();
  }, [userId]);
  if (upcomingTickets.length === 0 && drawnTickets.length === 0) return null;
  return (
    <section className="acc-card" aria-labelledby="acc-your-tickets">
      <h2 id="acc-your-tickets">Your tickets</h2>
      {upcomingTickets.length > 0 && <TicketsTable rows={upcomingTickets} caption="Upcoming draws" when={drawWhen} />}
      {drawnTickets.length > 0 && (
        <TicketsTable
          rows={drawnTickets}
          caption="Drawn"
          when={(t) => `${drawWhen(t)}${t.competition.winning_ticket_number !== null ? ` · winning ticket #${t.competition.winning_ticket_number}` : ''}`}
        />
      )}
    </section>
  );
}
