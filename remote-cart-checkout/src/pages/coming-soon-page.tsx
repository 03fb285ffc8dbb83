import { useEffect } from 'react';
import '../styles/cart-checkout.css';

interface Props {
  title: string;
  intro: string;
}

/**
 * The frame every cart-checkout page renders inside the shell: the team's boundary
 * element, a heading, and (until the basket issue lands) a plain "coming soon" note.
 */
export function ComingSoonPage({ title, intro }: Props) {
  useEffect(() => {
    document.title = `${title} | CGG Competitions`;
  }, [title]);
  return (
    <section data-boundary="cart-checkout" className="cc-page">
      <h1 className="cc-page__title">{title}</h1>
      <p className="cc-page__intro">{intro}</p>
      <div className="cc-soon" role="note">
        <h2 className="cc-soon__title">Coming soon</h2>
        <p>This part of the shop is being built. Check back shortly.</p>
      </div>
    </section>
  );
}
