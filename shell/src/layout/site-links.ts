/**
 * The public pages every visitor can reach, in the order the header lists them.
 * "Competitions" opens the list of every category (`all`); the list page offers
 * the category filters.
 */
export const siteLinks = [
  { to: '/', label: 'Home' },
  { to: '/competitions/all', label: 'Competitions' },
  { to: '/competitions/instant_win_comps', label: 'Instant Wins' },
  { to: '/draw/results', label: 'Draw Results' },
  { to: '/winners_list', label: 'Winners' },
  { to: '/how-it-works', label: 'How it works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/free-postal-route', label: 'Free Postal Route' },
  { to: '/community-chat', label: 'Community' },
  { to: '/contact', label: 'Contact' },
] as const;

export const legalLinks = [
  { to: '/legal-terms', label: 'Terms & Conditions' },
  { to: '/legal-terms?tab=3', label: 'Privacy Policy' },
  { to: '/complaints', label: 'Complaints' },
  { to: '/responsible-play', label: 'Responsible play' },
] as const;
