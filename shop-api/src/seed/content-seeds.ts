/* Site-wide demo content: settings, SEO per public page, how it works. */

export const settingsSeed = {
  suggested_tickets: [5, 10, 25, 50],
  announcement: 'Free postal entry on every competition · Live draws every night at 8pm · Instant wins paid the moment you win',
  live_draw_info: 'All main draws are streamed live on our Facebook page at 8:00 PM, using Google’s random number generator.',
  slider_height_desktop: 520,
  slider_height_tablet: 420,
  slider_height_mobile: 300,
  show_question: 1,
  slider_speed: 5000,
  reward_prize_info:
    'Reward wins unlock as ticket sales pass each milestone: when a competition hits 25%, 50% and 75% sold, a ticket holder wins a bonus prize.',
  frontend_scripts: '',
  /** Key of the competition the home carousel leads with. */
  main_competition_key: 'audi-rs3-sportback',
};

const site = 'CGG Competitions';

/** Page keys are what the front end sends as `page` (lower case; the API lowercases the request). */
export const seoSeeds: Array<{ page: string; page_title: string; meta_title: string; meta_description: string }> = [
  {
    page: 'home',
    page_title: `${site} | Win Cars, Tech, Cash & Holidays`,
    meta_title: `${site}: UK Prize Competitions with Live Draws & Instant Wins`,
    meta_description:
      'Enter UK prize competitions from 49p. Win dream cars, the latest tech, tax-free cash and luxury holidays, with instant wins and live draws every night.',
  },
  {
    page: 'competitions',
    page_title: `All Competitions | ${site}`,
    meta_title: `All Competitions | ${site}`,
    meta_description: 'Browse every live competition: cars, tech, cash and holidays, with low ticket caps and great odds.',
  },
  {
    page: 'instant-wins',
    page_title: `Instant Win Competitions | ${site}`,
    meta_title: `Instant Win Competitions | ${site}`,
    meta_description: 'Find out straight away: instant-win tickets pay cash and site credit the moment you buy.',
  },
  {
    page: 'draw-results',
    page_title: `Draw Results | ${site}`,
    meta_title: `Draw Results | ${site}`,
    meta_description: 'Winning ticket numbers and winners of every finished competition.',
  },
  {
    page: 'winners',
    page_title: `Our Winners | ${site}`,
    meta_title: `Our Winners | ${site}`,
    meta_description: 'Meet the people who have won cars, cash, tech and holidays with us.',
  },
  {
    page: 'how-it-works',
    page_title: `How It Works | ${site}`,
    meta_title: `How It Works | ${site}`,
    meta_description: 'Choose a competition, answer the question, pick your tickets and watch the live draw.',
  },
  {
    page: 'faq',
    page_title: `FAQs | ${site}`,
    meta_title: `Frequently Asked Questions | ${site}`,
    meta_description: 'Answers about entering, postal entries, draws, prizes and your account.',
  },
  {
    page: 'free-postal-route',
    page_title: `Free Postal Entry | ${site}`,
    meta_title: `Free Postal Entry Route | ${site}`,
    meta_description: 'Enter any competition free by post: how to send your entry and what to include.',
  },
  {
    page: 'contact',
    page_title: `Contact Us | ${site}`,
    meta_title: `Contact Us | ${site}`,
    meta_description: 'Questions about a competition, an order or a prize? Get in touch with our UK team.',
  },
  {
    page: 'legal-terms',
    page_title: `Terms & Privacy | ${site}`,
    meta_title: `Terms, Privacy & Cookies | ${site}`,
    meta_description: 'Competition terms and conditions, privacy policy and cookie policy.',
  },
  {
    page: 'community-chat',
    page_title: `Community Chat | ${site}`,
    meta_title: `Community Chat | ${site}`,
    meta_description: 'Chat with other players, celebrate winners and follow the live draws.',
  },
];

export const howItWorksSeed = {
  title: 'How it works',
  intro: 'Entering takes less than a minute, and every competition has a capped number of tickets so you always know your odds.',
  steps: [
    { title: 'Choose your competition', body: 'Pick from dream cars, the latest tech, tax-free cash and holidays. Every ticket count is capped.' },
    { title: 'Answer the question', body: 'Answer a simple skill question correctly to qualify for the draw.' },
    { title: 'Pick your tickets', body: 'Choose how many tickets you want. Instant-win tickets reveal their prize straight away.' },
    { title: 'Watch the live draw', body: 'Winners are picked live at 8pm on the draw date using a random number generator.' },
  ],
};
