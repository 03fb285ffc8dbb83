import { useEffect, type ReactNode } from 'react';
import '../styles/account.css';

interface Props {
  title: string;
  intro: string;
  children?: ReactNode;
}

/**
 * The frame every account page renders inside the shell: the team's boundary
 * element, a heading, and (until the accounts issue lands) a plain "coming soon" note.
 */
export function ComingSoonPage({ title, intro, children }: Props) {
  useEffect(() => {
    document.title = `${title} | CGG Competitions`;
  }, [title]);
  return (
    <section data-boundary="account" className="acc-page">
      <h1 className="acc-page__title">{title}</h1>
      <p className="acc-page__intro">{intro}</p>
      {children}
      <div className="acc-soon" role="note">
        <h2 className="acc-soon__title">Coming soon</h2>
        <p>This part of your account is being built. Check back shortly.</p>
      </div>
    </section>
  );
}
