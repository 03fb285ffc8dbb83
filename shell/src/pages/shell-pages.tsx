import type { ComponentType } from 'react';
import type { ShellPage } from '../routes/route-table.ts';
import { CommunityChatPage } from './chat/community-chat-page.tsx';
import { ContactPage } from './contact/contact-page.tsx';
import { FaqPage } from './faq-page.tsx';
import { FreePostalRoutePage } from './free-postal-route-page.tsx';
import { HowItWorksPage } from './how-it-works-page.tsx';
import { LegalTermsPage } from './legal-terms-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** The component behind each shell-owned route of the route table. */
export const shellPages: Record<ShellPage, ComponentType> = {
  faq: FaqPage,
  'how-it-works': HowItWorksPage,
  'legal-terms': LegalTermsPage,
  contact: ContactPage,
  'free-postal-route': FreePostalRoutePage,
  'community-chat': CommunityChatPage,
  'not-found': NotFoundPage,
};
