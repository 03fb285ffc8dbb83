import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/page-title.ts';
import { useSession } from '../../session/use-session.ts';
import { signOut } from '../../session/session.ts';
import { accountSections } from '../account-sections.ts';
import { ProfileCard } from './profile-card.tsx';
import { SupportLinks } from './support-links.tsx';
import { YourPrizes } from './your-prizes.tsx';
import { YourTickets } from './your-tickets.tsx';

const blurbs: Record<(typeof accountSections)[number]['path'], string> = {
  details: 'Your name, email and password.',
  billing: 'The address on your orders.',
  'financial-details': 'Where we pay cash prizes.',
  'recent/orders': 'Your orders and ticket numbers.',
  points: 'Points you earn with every order.',
  cred: 'Site credit to spend on entries.',
  coupons: 'Discount codes ready to use.',
  'responsible/gaming': 'Spending limits and taking a break.',
};

/** `/account`: a greeting and the way to every account screen. */
export default function OverviewScreen() {
  usePageTitle('My account');
  const { user, purchasedTickets, upcomingTickets } = useSession();
  if (!user) return null;
  const tickets = purchasedTickets.reduce((n, h) => n + h.total_tickets, 0);
  const upcoming = upcomingTickets.reduce((n, h) => n + h.total_tickets, 0);
  return (
    <section className="acc-screen">
      <h1 className="acc-page__title">Hello {user.first_name}</h1>
      <p className="acc-page__intro">
        Not {user.first_name}?{' '}
        <button type="button" className="acc-link-button" onClick={() => void signOut()}>
          Sign out
        </button>
        . {tickets > 0 ? `You hold ${tickets} tickets across ${purchasedTickets.length} competitions${upcoming > 0 ? `, ${upcoming} of them in draws still to come` : ''}.` : 'From here you can see your orders and manage your details.'}
      </p>
      {user.show_support_links && <SupportLinks />}
      <ul className="acc-tiles">
        {accountSections.map((s) => (
          <li key={s.path}>
            <Link className="acc-tile" to={`/account/${s.path}`}>
              <strong>{s.label}</strong>
              <span>{blurbs[s.path]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ProfileCard user={user} />
      {/* Last: they appear once their calls answer (nothing while loading or empty), so nothing below them moves. */}
      <YourTickets />
      <YourPrizes />
    </section>
  );
}
