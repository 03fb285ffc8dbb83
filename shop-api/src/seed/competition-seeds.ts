/*
 * Demo competitions. Times are relative to the moment of seeding (see seed.ts) so a
 * fresh database always has one drawing today, one new, one on sale now, and so on.
 * Every `key` names its image: public/wp-content/uploads/competitions/<key>.svg
 * (scripts/make-images.ts draws them).
 */

export type CategorySlug = 'cars' | 'tech' | 'cash' | 'holidays' | 'lifestyle';

export const categorySeeds: Array<{ slug: CategorySlug; name: string }> = [
  { slug: 'cars', name: 'Cars & Bikes' },
  { slug: 'tech', name: 'Tech & Gaming' },
  { slug: 'cash', name: 'Cash' },
  { slug: 'holidays', name: 'Holidays' },
  { slug: 'lifestyle', name: 'Watches & Lifestyle' },
];

export interface InstantWinSeed {
  title: string;
  pence: number;
  quantity: number;
  /** Image key under uploads/competitions/. */
  image: string;
  /** Display names of winners already drawn from this prize's tickets. */
  wonBy?: string[];
}

export interface CompetitionSeed {
  key: string;
  title: string;
  category: CategorySlug;
  description: string;
  pricePence: number;
  totalTickets: number;
  soldTickets: number;
  maxPerUser: number;
  /** Days from today (London) to the draw at 20:00; 'today' draws later today. */
  draw: number | 'today';
  /** Entries closed this many hours before seeding, draw still ahead (default: closes at the draw). */
  closedHoursAgo?: number;
  prizePence: number;
  cashAlternativePence?: number;
  featured?: boolean;
  /** Hours since it went live (default a few days). */
  createdHoursAgo?: number;
  /** A sale price active from a day before seeding until two days after. */
  salePricePence?: number;
  galleryImages?: number;
  instantWins?: InstantWinSeed[];
  rewardWins?: Array<{ title: string; pence: number; percentage: number }>;
  liveDraw?: boolean;
  /** Index into questionSeeds. */
  question: number;
  /** Already drawn: the winning ticket and the winner's display name. */
  drawn?: { ticket: number; winner: string };
}

export const questionSeeds: Array<{ question: string; options: [string, string, string]; correct: 0 | 1 | 2 }> = [
  { question: 'What is the capital city of Scotland?', options: ['Edinburgh', 'Glasgow', 'Aberdeen'], correct: 0 },
  { question: 'How many days are there in a leap year?', options: ['365', '366', '367'], correct: 1 },
  { question: 'What is 7 x 8?', options: ['54', '56', '64'], correct: 1 },
  { question: 'Which planet is known as the Red Planet?', options: ['Venus', 'Jupiter', 'Mars'], correct: 2 },
  { question: 'How many sides does a hexagon have?', options: ['5', '6', '8'], correct: 1 },
  { question: 'Which country is Santorini part of?', options: ['Greece', 'Italy', 'Spain'], correct: 0 },
  { question: 'Which river flows through London?', options: ['Severn', 'Thames', 'Mersey'], correct: 1 },
];

const p = (...paragraphs: string[]): string => paragraphs.map((t) => `<p>${t}</p>`).join('');
const postal = 'Free postal entry route available. See our terms for full details.';

const cashInstantWins = (wonBy: string[] = []): InstantWinSeed[] => [
  { title: '£250 Cash', pence: 25_000, quantity: 2, image: 'instant-cash', wonBy: wonBy.slice(0, 1) },
  { title: '£50 Cash', pence: 5_000, quantity: 5, image: 'instant-cash', wonBy: wonBy.slice(1, 3) },
  { title: '£10 Site Credit', pence: 1_000, quantity: 10, image: 'instant-credit', wonBy: wonBy.slice(3) },
];

export const competitionSeeds: CompetitionSeed[] = [
  {
    key: 'audi-rs3-sportback',
    title: 'Audi RS3 Sportback',
    category: 'cars',
    description: p(
      'Win a brand-new Audi RS3 Sportback in Kemora Grey, powered by the legendary 2.5 TFSI five-cylinder producing 400 PS, with quattro all-wheel drive and 0-62 mph in just 3.8 seconds.',
      'Delivered to your door anywhere in mainland UK, taxed and ready to drive. Prefer the money? Take the £50,000 tax-free cash alternative instead.',
      `Maximum 150 entries per person. ${postal}`,
    ),
    pricePence: 299,
    totalTickets: 9_999,
    soldTickets: 6_120,
    maxPerUser: 150,
    draw: 6,
    prizePence: 5_800_000,
    cashAlternativePence: 5_000_000,
    featured: true,
    galleryImages: 2,
    liveDraw: true,
    rewardWins: [
      { title: '£250 Site Credit', pence: 25_000, percentage: 25 },
      { title: '£500 Cash', pence: 50_000, percentage: 50 },
      { title: '£1,000 Cash', pence: 100_000, percentage: 75 },
    ],
    question: 0,
  },
  {
    key: 'bmw-m240i-coupe',
    title: 'BMW M240i xDrive Coupé',
    category: 'cars',
    description: p(
      'A 374 hp straight-six, xDrive all-wheel drive and a cabin packed with tech: the BMW M240i is the most fun you can have on a B-road.',
      'Finished in Thundernight Metallic with the M Sport Pro pack. Or take £42,000 tax-free cash instead.',
      `Maximum 100 entries per person. ${postal}`,
    ),
    pricePence: 199,
    totalTickets: 7_999,
    soldTickets: 2_150,
    maxPerUser: 100,
    draw: 10,
    prizePence: 4_900_000,
    cashAlternativePence: 4_200_000,
    liveDraw: true,
    question: 1,
  },
  {
    key: 'ducati-monster-sp',
    title: 'Ducati Monster SP',
    category: 'cars',
    description: p(
      'The Monster SP brings Öhlins suspension, Brembo Stylema brakes and a Termignoni exhaust to Ducati’s iconic naked bike.',
      'Every ticket has been sold: the live draw takes place on the date shown. Cash alternative £14,000.',
      postal,
    ),
    pricePence: 99,
    totalTickets: 4_999,
    soldTickets: 4_999,
    maxPerUser: 75,
    draw: 2,
    prizePence: 1_650_000,
    cashAlternativePence: 1_400_000,
    liveDraw: true,
    question: 2,
  },
  {
    key: 'mercedes-amg-a35',
    title: 'Mercedes-AMG A35 4MATIC',
    category: 'cars',
    description: p(
      'A 306 hp hot hatch with AMG Performance 4MATIC all-wheel drive, Night Package and the MBUX widescreen cockpit.',
      'This competition has been drawn live. Congratulations to our winner!',
      postal,
    ),
    pricePence: 149,
    totalTickets: 5_999,
    soldTickets: 5_999,
    maxPerUser: 100,
    draw: -3,
    createdHoursAgo: 24 * 24,
    prizePence: 4_250_000,
    cashAlternativePence: 3_800_000,
    liveDraw: true,
    question: 3,
    drawn: { ticket: 4_187, winner: 'Callum R.' },
  },
  {
    key: 'ps5-pro-bundle',
    title: 'PlayStation 5 Pro Bundle',
    category: 'tech',
    description: p(
      'The PlayStation 5 Pro with 2TB storage, a second DualSense Edge controller and five of this year’s biggest games.',
      'Packed with 17 instant-win prizes to be won the moment you buy your tickets.',
      `Maximum 50 entries per person. ${postal}`,
    ),
    pricePence: 49,
    totalTickets: 2_999,
    soldTickets: 812,
    maxPerUser: 50,
    draw: 3,
    prizePence: 89_900,
    cashAlternativePence: 70_000,
    featured: true,
    galleryImages: 1,
    instantWins: cashInstantWins(['Jamie T.', 'Priya S.', 'Owen M.', 'Sophie K.']),
    question: 4,
  },
  {
    key: 'iphone-17-pro-max',
    title: 'iPhone 17 Pro Max 1TB',
    category: 'tech',
    description: p(
      'Apple’s flagship in Cosmic Orange with 1TB of storage, the 48MP Pro camera system and all-day battery life.',
      'Drawing tonight! Get your tickets before the timer runs out.',
      `Maximum 50 entries per person. ${postal}`,
    ),
    pricePence: 79,
    totalTickets: 3_999,
    soldTickets: 3_204,
    maxPerUser: 50,
    draw: 'today',
    prizePence: 159_900,
    cashAlternativePence: 130_000,
    liveDraw: true,
    question: 1,
  },
  {
    key: 'macbook-pro-14',
    title: 'MacBook Pro 14" M5',
    category: 'tech',
    description: p(
      'Just launched: the MacBook Pro 14" with the M5 chip, 24GB unified memory, 1TB SSD and the stunning Liquid Retina XDR display.',
      'Perfect for work, study and creative projects. Cash alternative £1,600.',
      `Maximum 40 entries per person. ${postal}`,
    ),
    pricePence: 99,
    totalTickets: 3_499,
    soldTickets: 96,
    maxPerUser: 40,
    draw: 13,
    createdHoursAgo: 6,
    prizePence: 199_900,
    cashAlternativePence: 160_000,
    question: 6,
  },
  {
    key: 'ultimate-gaming-setup',
    title: 'Ultimate Gaming PC Setup',
    category: 'tech',
    description: p(
      'An RTX 5080 gaming PC with a Ryzen 7 9800X3D, a 32" 240Hz OLED monitor, mechanical keyboard, wireless mouse and a racing-style chair.',
      'Instant wins on every ticket range: win cash and site credit straight away.',
      `Maximum 60 entries per person. ${postal}`,
    ),
    pricePence: 69,
    totalTickets: 4_999,
    soldTickets: 1_730,
    maxPerUser: 60,
    draw: 8,
    prizePence: 420_000,
    cashAlternativePence: 350_000,
    instantWins: cashInstantWins(['Ellie W.', 'Marcus D.']),
    question: 3,
  },
  {
    key: 'dji-mini-5-pro',
    title: 'DJI Mini 5 Pro Fly More Combo',
    category: 'tech',
    description: p(
      'The lightest DJI drone with a 1-inch sensor, 4K/120fps HDR video, omnidirectional obstacle sensing and three batteries in the Fly More Combo.',
      'Entries have closed: the winner will be drawn live on the date shown.',
      postal,
    ),
    pricePence: 49,
    totalTickets: 1_999,
    soldTickets: 1_402,
    maxPerUser: 30,
    draw: 1,
    closedHoursAgo: 12,
    prizePence: 109_900,
    liveDraw: true,
    question: 0,
  },
  {
    key: 'ten-thousand-cash',
    title: '£10,000 Tax-Free Cash',
    category: 'cash',
    description: p(
      '£10,000 paid straight into your bank account within 24 hours of the live draw. Clear the credit card, book a holiday or treat the family.',
      'Plus instant wins: cash prizes paid out the moment your ticket matches.',
      `Maximum 200 entries per person. ${postal}`,
    ),
    pricePence: 99,
    totalTickets: 14_999,
    soldTickets: 9_021,
    maxPerUser: 200,
    draw: 5,
    prizePence: 1_000_000,
    featured: true,
    liveDraw: true,
    instantWins: cashInstantWins(['Hannah B.', 'Ravi P.', 'Gemma L.']),
    question: 6,
  },
  {
    key: 'twenty-five-thousand-cash',
    title: '£25,000 Tax-Free Cash',
    category: 'cash',
    description: p(
      'Life-changing money: £25,000 tax-free, paid by bank transfer within 24 hours of the draw.',
      `Maximum 250 entries per person. ${postal}`,
    ),
    pricePence: 249,
    totalTickets: 19_999,
    soldTickets: 4_380,
    maxPerUser: 250,
    draw: 14,
    prizePence: 2_500_000,
    liveDraw: true,
    question: 2,
  },
  {
    key: 'payday-cash',
    title: '£2,500 Payday Cash',
    category: 'cash',
    description: p(
      'Make payday come early: £2,500 tax-free cash. On sale now for a limited time only, so grab your tickets at the reduced price.',
      `Maximum 100 entries per person. ${postal}`,
    ),
    pricePence: 99,
    salePricePence: 59,
    totalTickets: 4_999,
    soldTickets: 1_968,
    maxPerUser: 100,
    draw: 4,
    prizePence: 250_000,
    question: 1,
  },
  {
    key: 'midweek-cash-drop',
    title: '£500 Midweek Cash Drop',
    category: 'cash',
    description: p(
      'Small field, big odds: only 999 tickets for £500 tax-free cash, drawn tomorrow night.',
      `Maximum 25 entries per person. ${postal}`,
    ),
    pricePence: 49,
    totalTickets: 999,
    soldTickets: 640,
    maxPerUser: 25,
    draw: 1,
    prizePence: 50_000,
    question: 4,
  },
  {
    key: 'santorini-for-two',
    title: '7 Nights in Santorini for Two',
    category: 'holidays',
    description: p(
      'Seven nights in a cliff-top suite in Oia with private plunge pool, breakfast daily, return flights from London and private transfers.',
      'Watch the famous Santorini sunset from your own terrace. Cash alternative £4,000.',
      `Maximum 80 entries per person. ${postal}`,
    ),
    pricePence: 149,
    totalTickets: 5_999,
    soldTickets: 2_744,
    maxPerUser: 80,
    draw: 9,
    prizePence: 550_000,
    cashAlternativePence: 400_000,
    galleryImages: 2,
    question: 5,
  },
  {
    key: 'dubai-luxury-break',
    title: 'Dubai Luxury Break + £1,000 Spending Money',
    category: 'holidays',
    description: p(
      'Five nights at a five-star beach resort on Palm Jumeirah for two, with return flights, a desert safari and £1,000 spending money.',
      `Maximum 80 entries per person. ${postal}`,
    ),
    pricePence: 199,
    totalTickets: 6_999,
    soldTickets: 1_015,
    maxPerUser: 80,
    draw: 12,
    prizePence: 700_000,
    cashAlternativePence: 550_000,
    question: 3,
  },
  {
    key: 'new-york-christmas',
    title: 'New York Christmas Shopping Trip',
    category: 'holidays',
    description: p(
      'Four nights in Manhattan for two this December: ice skating at the Rockefeller Center, Fifth Avenue shopping and £500 spending money.',
      'With instant wins on every ticket range.',
      `Maximum 60 entries per person. ${postal}`,
    ),
    pricePence: 99,
    totalTickets: 3_999,
    soldTickets: 2_210,
    maxPerUser: 60,
    draw: 7,
    prizePence: 450_000,
    cashAlternativePence: 350_000,
    instantWins: cashInstantWins(['Chloe A.']),
    question: 6,
  },
  {
    key: 'center-parcs-lodge',
    title: 'Center Parcs Exclusive Lodge Break',
    category: 'holidays',
    description: p(
      'A midweek break for up to six in an Exclusive Lodge with private hot tub and sauna at the Center Parcs village of your choice.',
      'This competition has been drawn. Congratulations to our winner!',
      postal,
    ),
    pricePence: 49,
    totalTickets: 1_999,
    soldTickets: 1_876,
    maxPerUser: 30,
    draw: -10,
    createdHoursAgo: 30 * 24,
    prizePence: 250_000,
    question: 2,
    drawn: { ticket: 733, winner: 'Natalie F.' },
  },
  {
    key: 'rolex-submariner',
    title: 'Rolex Submariner Date',
    category: 'lifestyle',
    description: p(
      'The ultimate dive watch: Rolex Submariner Date 41mm in Oystersteel with black Cerachrom bezel, boxed with papers.',
      'Cash alternative £11,000.',
      `Maximum 120 entries per person. ${postal}`,
    ),
    pricePence: 249,
    totalTickets: 7_999,
    soldTickets: 3_377,
    maxPerUser: 120,
    draw: 11,
    prizePence: 1_300_000,
    cashAlternativePence: 1_100_000,
    liveDraw: true,
    question: 1,
  },
  {
    key: 'dyson-home-bundle',
    title: 'Dyson Home Bundle',
    category: 'lifestyle',
    description: p(
      'A Dyson Gen5detect cordless vacuum, Airwrap multi-styler and Purifier Hot+Cool: the whole Dyson range for your home.',
      `Maximum 40 entries per person. ${postal}`,
    ),
    pricePence: 49,
    totalTickets: 1_999,
    soldTickets: 1_311,
    maxPerUser: 40,
    draw: 2,
    prizePence: 165_000,
    cashAlternativePence: 130_000,
    question: 4,
  },
];
