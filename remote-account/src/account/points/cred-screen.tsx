import { accountCalls } from '@cgg/contracts/account';
import { apiRequest } from '@cgg/contracts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { PAGE_SIZE, usePagedList } from '../../data/use-paged-list.ts';
import { requireToken } from '../../data/session-token.ts';
import { useSession } from '../../session/use-session.ts';
import { pointsValue } from './points-value.ts';

/**
 * `/account/cred`: the site credit ("cred discount"). The spec's call is the points call with the
 * token only (the server answers the newest 10 of the cred ledger); Load More asks for the next
 * 10 by name (`type: 'cred'`), so a customer with more entries sees them all.
 */
export default function CredScreen() {
  usePageTitle('Site credit');
  const { user } = useSession();
  const list = usePagedList(
    'site credit',
    async (page) => {
      const token = requireToken();
      const res = await apiRequest(accountCalls.points, page === 0 ? { token } : { token, type: 'cred', offset: page * PAGE_SIZE, limit: PAGE_SIZE });
      return { items: res.logs, hasMore: (page + 1) * PAGE_SIZE < res.totalLogs, extra: res.points };
    },
    Boolean(user),
  );
  if (list.isLoading) return <Spinner label="Loading your site credit" />;
  if (list.items.length === 0) {
    return (
      <section className="acc-screen">
        <h1 className="acc-page__title">Site credit</h1>
        <p className="acc-empty">You don&apos;t have any site credit at present.</p>
      </section>
    );
  }
  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Site credit</h1>
      <p className="acc-balance">you have {String(list.extra ?? 0)} cred discount</p>
      <table className="acc-table">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">date</th>
            <th scope="col">cred</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((log, i) => (
            <tr key={i}>
              <td data-label="Event">{log.description}</td>
              <td data-label="date">{log.date_display_human}</td>
              <td data-label="cred">{pointsValue(log.type, log.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <LoadMoreButton list={list} />
    </section>
  );
}
