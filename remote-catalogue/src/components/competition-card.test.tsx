import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CARD_IMAGE_SIZES, CompetitionCard } from './competition-card.tsx';
import { createdJustNow, makeCompetition, saleNow, salePast } from '../../test/fixtures.ts';

const renderCard = (c: ReturnType<typeof makeCompetition>) =>
  render(
    <MemoryRouter>
      <CompetitionCard competition={c} />
    </MemoryRouter>,
  );

describe('CompetitionCard', () => {
  it('shows the sale price with the old price struck through inside the sale window', () => {
    renderCard(makeCompetition({ ...saleNow }));
    expect(screen.getByText('£0.99')).toBeTruthy();
    const was = document.querySelector('del');
    expect(was?.textContent).toContain('£1.99');
  });

  it('shows the normal price outside the sale window', () => {
    renderCard(makeCompetition({ ...salePast }));
    expect(screen.getByText('£1.99')).toBeTruthy();
    expect(screen.queryByText('£0.99')).toBeNull();
    expect(document.querySelector('del')).toBeNull();
  });

  it('shows a sale price that is not lower as no sale', () => {
    renderCard(makeCompetition({ ...saleNow, sale_price: '2.49' }));
    expect(screen.getByText('£1.99')).toBeTruthy();
    expect(document.querySelector('del')).toBeNull();
  });

  it('badges new competitions for 48 hours', () => {
    const { unmount } = renderCard(makeCompetition({ ...createdJustNow }));
    expect(screen.getByText('NEW')).toBeTruthy();
    unmount();
    renderCard(makeCompetition());
    expect(screen.queryByText('NEW')).toBeNull();
  });

  it('floors the sold percentage and shows tickets left', () => {
    renderCard(makeCompetition({ total_sell_tickets: 3000, total_ticket_sold: 1999 }));
    const bar = screen.getByRole('progressbar', { name: 'Tickets sold' });
    expect(bar.getAttribute('aria-valuenow')).toBe('66');
    expect(screen.getByText('66% sold')).toBeTruthy();
    expect(screen.getByText('1,001 tickets left')).toBeTruthy();
  });

  it("says 'SOLD OUT' when no tickets are left", () => {
    renderCard(makeCompetition({ total_sell_tickets: 500, total_ticket_sold: 500 }));
    expect(screen.getByText('SOLD OUT')).toBeTruthy();
    expect(screen.queryByText(/tickets left/)).toBeNull();
    // Nothing to enter: the card invites a look, not an entry.
    expect(screen.getByText('View')).toBeTruthy();
    expect(screen.queryByText('Enter now')).toBeNull();
  });

  it("badges a cancelled competition 'CANCELLED', not 'CLOSED'", () => {
    renderCard(makeCompetition({ status: 'closed', cancelled: true }));
    expect(screen.getByText('CANCELLED')).toBeTruthy();
    expect(screen.queryByText('CLOSED')).toBeNull();
  });

  it('hides the ticket count when the operator asks', () => {
    renderCard(makeCompetition({ hide_ticket_count: true }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/% sold/)).toBeNull();
  });

  it('links to the details path and truncates long titles with ...', () => {
    const title = 'Win a Brand New Range Rover Sport Autobiography plus Ten Thousand Pounds Cash';
    renderCard(makeCompetition({ id: 42, title }));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/competition/details/win-a-brand-new-range-rover-sport-autobiography-plus-ten-thousand-pounds-cash-42');
    const visible = within(link).getByText((t) => t.endsWith('...'));
    expect(visible.getAttribute('aria-hidden')).toBe('true');
    expect(visible.textContent?.length).toBeLessThanOrEqual(60);
    expect(link.textContent).toContain(title);
  });

  it('shows the draw date as MMMM D, YYYY with a 12-hour time', () => {
    renderCard(makeCompetition({ draw_date: '2030-11-21', draw_time: '20:00', closing_date: '2030-11-21' }));
    expect(screen.getByText('Draw November 21, 2030 at 8:00 PM')).toBeTruthy();
  });

  it('badges instant wins and gives the image alt text and a size', () => {
    renderCard(makeCompetition({ title: 'Tesla Model 3', enable_instant_wins: true }));
    expect(screen.getByText('Instant wins')).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Tesla Model 3' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('600');
  });

  it('offers an uploaded photo as AVIF and WebP at the grid widths, lazily, keeping its size', () => {
    renderCard(makeCompetition({ title: 'Audi RS3', image: '/wp-content/uploads/competitions/audi.jpg' }));
    const img = screen.getByRole('img', { name: 'Audi RS3' });
    expect(img.getAttribute('src')).toBe('/wp-content/uploads/competitions/audi.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('width')).toBe('600');
    expect(img.getAttribute('height')).toBe('400');
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const avif = picture.querySelector('source[type="image/avif"]')!;
    expect(avif.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect(avif.getAttribute('srcset')).toMatch(/^\/wp-content\/uploads\/competitions\/audi\.jpg\?w=320&format=avif 320w, .* 1600w$/);
    expect(picture.querySelector('source[type="image/webp"]')!.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
  });

  it('keeps an SVG prize image a plain <img>', () => {
    renderCard(makeCompetition({ title: 'Audi RS3', image: '/wp-content/uploads/competitions/audi.svg' }));
    const img = screen.getByRole('img', { name: 'Audi RS3' });
    expect(img.parentElement!.tagName).not.toBe('PICTURE');
    expect(document.querySelector('source')).toBeNull();
  });
});
