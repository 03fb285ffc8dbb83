import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { accountSwrConfig } from '../data/swr-config.ts';
import '../styles/account.css';

/** Every exposed page renders inside this: the team's boundary marker and the account's swr rules. */
export function AccountRoot({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <SWRConfig value={accountSwrConfig}>
      <div data-boundary="account" className={`acc-root ${className}`.trim()}>
        {children}
      </div>
    </SWRConfig>
  );
}
