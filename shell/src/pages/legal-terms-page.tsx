import { Link, useSearchParams } from 'react-router-dom';
import { SitePage } from './site-page.tsx';

/** `?tab=` values; 3 is the privacy policy the cookie banner links to (spec section 2). */
export const legalTabs = [
  { tab: '1', label: 'Terms & Conditions' },
  { tab: '2', label: 'Competition Rules' },
  { tab: '3', label: 'Privacy Policy' },
] as const;

export function LegalTermsPage() {
  const [params] = useSearchParams();
  const current = legalTabs.find((t) => t.tab === params.get('tab')) ?? legalTabs[0];
  return (
    <SitePage title={current.label} intro="The rules that apply when you enter our competitions and how we look after your data.">
      <nav className="sh-tabs" aria-label="Legal documents">
        {legalTabs.map((t) => (
          <Link
            key={t.tab}
            to={`/legal-terms?tab=${t.tab}`}
            className="sh-tabs__tab"
            aria-current={t.tab === current.tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
    </SitePage>
  );
}
