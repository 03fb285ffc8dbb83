import type { ComponentType } from 'react';
import type { ShellPage } from '../routes/route-table.ts';
import { LegalTermsPage } from './legal-terms-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { SitePage } from './site-page.tsx';

const page = (title: string, intro: string): ComponentType => {
  const Page = () => <SitePage title={title} intro={intro} />;
  Page.displayName = `SitePage(${title})`;
  return Page;
};

/** The component behind each shell-owned route of the route table. */
export const shellPages: Record<ShellPage, ComponentType> = {
  faq: page('FAQs', 'Answers to the questions we are asked most about entering, draws and prizes.'),
  'how-it-works': page('How it works', 'Pick a competition, answer the question, choose your tickets and watch the live draw.'),
  'legal-terms': LegalTermsPage,
  contact: page('Contact us', 'Questions about an entry, a prize or your account? Get in touch with our team.'),
  'free-postal-route': page('Free postal entry route', 'Every competition can be entered for free by post. Here is how.'),
  'community-chat': page('Community chat', 'Chat with other players about draws, wins and upcoming competitions.'),
  'not-found': NotFoundPage,
};
