/**
 * Title, SEO row and fallback description of each page the shell renders itself. The pages
 * use it for the tab title, and the shell's server for the head it sends before any script
 * runs (server/page-head), so a shared link and the open tab say the same thing.
 */
export interface SitePageMeta {
  title: string;
  /** The page key of its SEO row (getSEOSettings); its title and description win over the fallbacks. */
  seoPage: string | null;
  description: string;
}

export const sitePageMeta = {
  faq: { title: 'FAQs', seoPage: 'faq', description: 'Answers about entering, postal entries, draws, prizes and your account.' },
  'how-it-works': {
    title: 'How it works',
    seoPage: 'how-it-works',
    description: 'Choose a competition, answer the question, pick your tickets and watch the live draw.',
  },
  'legal-terms': { title: 'Terms & Privacy', seoPage: 'legal-terms', description: 'Competition terms and conditions, privacy policy and cookie policy.' },
  contact: {
    title: 'Contact us',
    seoPage: 'contact',
    description: 'Questions about a competition, an order or a prize? Get in touch with our UK team.',
  },
  complaints: {
    title: 'Complaints',
    seoPage: null,
    description: 'How to complain, when you will hear from us, and the independent body you can go to if you are not happy with our answer.',
  },
  'free-postal-route': {
    title: 'Free postal entry route',
    seoPage: 'free-postal-route',
    description: 'Enter any competition free by post: how to send your entry and what to include.',
  },
  'community-chat': {
    title: 'Community chat',
    seoPage: 'community-chat',
    description: 'Chat with other players, celebrate winners and follow the live draws.',
  },
  'responsible-play': {
    title: 'Responsible play',
    seoPage: null,
    description: 'Spend limits, breaks, age checks and the free postal route, and where to find free, confidential support.',
  },
  'not-found': { title: 'Page not found', seoPage: null, description: 'The page you were looking for could not be found.' },
} as const satisfies Record<string, SitePageMeta>;

export type SitePageKey = keyof typeof sitePageMeta;
