import { accountCalls } from '@cgg/contracts/account';
import { apiRequest, } from '@cgg/contracts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { PAGE_SIZE, usePagedList } from '../../data/use-paged-list.ts';
import { requireToken } from '../../data/session-token.ts';
import { useSession } from '../../session/use-session.ts';
import { pointsValue } from './points-value.ts';

/** `/account/points`: the balance and its log, 10 entries at a time. */
export default function PointsScreen() {
  usePageTitle('Points');
  const { user } = useSession();
  const list = usePagedList(
    'points',
    async (page) => {
      const res = await apiRequest(accountCalls.points, { token: requireToken(), offset: page * PAGE_SIZE, limit: PAGE_SIZE });
      return { items: res.logs, hasMore: (page + 1) * PAGE_SIZE < res.totalLogs, extra: res.points };
    },
    Boolean(user),
  );
  if (list.isLoading) return <Spinner label="Loading your points" />;
  const balance = Number(list.extra ?? 0);
  if (list.items.length === 0 && !balance) {
    return (
      <section className="acc-screen">
        <h1 className="acc-page__title">Points</h1>
        <p className="acc-empty">YOUR POINTS BALANCE IS 0 UNTIL YOU PLACE AN ORDER</p>
      </section>
    );
  }
  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Points</h1>
      <p className="acc-balance">You have {String(list.extra ?? 0)} points</p>
      <table className="acc-table">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Date</th>
            <th scope="col">Points</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((log, i) => (
            <tr key={i}>
              <td data-label="Event">{log.description}</td>
              <td data-label="Date">{log.date_display_human}</td>
              <td data-label="Points">{pointsValue(log.type, log.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <LoadMoreButton list={list} />
    </section>
  );
}
