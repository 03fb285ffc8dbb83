import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { render, screen } from '@testing-library/react';
import { SERVER_RENDER_KEY, type ServerRender } from '@cgg/contracts';
import { CompetitionCard } from './competition-card.tsx';
import { EntryPanel } from '../details/entry-panel.tsx';
import { makeCompetition, makeSettings } from '../../test/fixtures.ts';

/*
 * A server-rendered page shows what was true when its answers were read (the render's `at`),
 * and the browser hydrates it with that same time: a decision made from the clock of the moment
 * instead ("closed yet?", "NEW?") would differ at a boundary and break hydration. Here the
 * answers were read two hours ago: the competition closed an hour ago and stopped being new
 * an hour ago, so the server's HTML shows it open and new, and a render of the browser's own
 * shows it as it is now.
 */
const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** London wall time (the tests run in Europe/London) as the API's date and HH:MM fields. */
const wall = (d: Date) => ({ date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` });

const readAt = Date.now() - 2 * HOUR;
const closedAnHourAgo = wall(new Date(Date.now() - HOUR));
const competition = makeCompetition({
  closing_date: closedAnHourAgo.date,
  closing_time: closedAnHourAgo.time,
  created_at: new Date(readAt - 47 * HOUR).toISOString(),
});

function renderedOnServer(ui: React.ReactElement): string {
  const render: ServerRender = { at: readAt, origin: 'http://shop.test', entries: [], storage: new Map() as never, want: () => {} };
  const key = SERVER_RENDER_KEY as unknown as string;
  (globalThis as Record<string, unknown>)[key] = { getStore: () => render };
  try {
    return renderToString(<MemoryRouter>{ui}</MemoryRouter>);
  } finally {
    delete (globalThis as Record<string, unknown>)[key];
  }
}

describe('the time a decision is made at', () => {
  it('is the time the answers were read when the server renders the page', () => {
    const html = renderedOnServer(
      <>
        <CompetitionCard competition={competition} />
        <EntryPanel competition={competition} settings={makeSettings()} />
      </>,
    );
    expect(html).toContain('NEW');
    expect(html).toContain('Add 1 ticket');
    expect(html).not.toContain('closed to new entries');
  });

  it('is now in a render of the browser alone', () => {
    render(
      <MemoryRouter>
        <CompetitionCard competition={competition} />
        <EntryPanel competition={competition} settings={makeSettings()} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('NEW')).toBeNull();
    expect((screen.getByRole('button', { name: 'Unavailable' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('This competition is closed to new entries.')).toBeTruthy();
  });
});
