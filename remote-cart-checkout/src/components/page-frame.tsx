import { useEffect, type ReactNode } from 'react';
import '../styles/cart-checkout.css';

/** Every cart-checkout page: the team's boundary element, the document title and a heading. */
export function PageFrame({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | CGG Competitions`;
  }, [title]);
  return (
    <section data-boundary="cart-checkout" className="cc-page">
      {/* Focusable from script: where the focus goes when what had it is gone (a removed line). */}
      <h1 className="cc-page__title" tabIndex={-1}>
        {title}
      </h1>
      {intro && <p className="cc-page__intro">{intro}</p>}
      {children}
    </section>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="cc-spinner" role="status">
      <span className="cc-spinner__wheel" aria-hidden="true" />
      <span className="cc-visually-hidden">{label}</span>
    </div>
  );
}
