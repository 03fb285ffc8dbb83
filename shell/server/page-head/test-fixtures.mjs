// A competition and the shop data behind heads, for the shell server's tests.
import { competitionFixture } from '@cgg/contracts/testing';

/** The contracts' test competition as an Audi with a gallery, drawn in 2030. */
export function competition(overrides = {}) {
  return competitionFixture({
    id: 42, title: 'Audi RS3 Sportback', description: '<p>A <strong>400 bhp</strong> hot hatch &amp; £5,000 cash.</p>',
    category: 'cars', image: '/wp-content/uploads/competitions/audi.jpg', gallery_images: ['/wp-content/uploads/competitions/audi-2.jpg'],
    price_per_ticket: '2.49', draw_date: '2030-01-10', closing_date: '2030-01-10', created_at: '2029-12-01T10:00:00Z', prize_value: '45000.00',
    ...overrides,
  });
}

/** The API as the shell's server reads it (whole answers); undefined is "did not answer", null "does not exist". */
export function fakeShopData({ competitions = [competition()], seo = {}, featured, settings, down = false } = {}) {
  const answer = (value) => Promise.resolve(down ? undefined : value);
  return {
    seo: (page) => answer({ success: true, data: seo[page] ? [seo[page]] : [] }),
    settings: () => answer({ success: true, data: settings ?? { main_competition: null } }),
    featured: () => answer({ success: true, data: featured ?? { featured: competitions, competitions } }),
    competition: (id) => {
      const found = competitions.find((c) => c.id === id);
      return answer(found ? { success: true, data: found } : null);
    },
    listedCompetitions: () => answer(competitions),
  };
}
