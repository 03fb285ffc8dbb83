import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useAccountData } from '../../data/use-account-data.ts';
import { pointsValue } from './points-value.ts';

/** `/account/cred`: the site credit ("cred discount"): the points call with the token only, which asks for the cred ledger. */
export default function CredScreen() {
  usePageTitle('Site credit');
  const { data, isLoading } = useAccountData('points', {});
  if (isLoading) return <Spinner label="Loading your site credit" />;
  const logs = data?.logs ?? [];
  if (!data || logs.length === 0) {
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
      <p className="acc-balance">you have {String(data.points)} cred discount</p>
      <table className="acc-table">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">date</th>
            <th scope="col">cred</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log, i) => (
            <tr key={i}>
              <td data-label="Event">{log.description}</td>
              <td data-label="date">{log.date_display_human}</td>
              <td data-label="cred">{pointsValue(log.type, log.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
