import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

describe('Pager', () => {
  it('pages a list of several pages, with where the reader is', async () => {
    const onPage = vi.fn();
    render(<Pager label="Win pages" page={1} totalPages={3} total={55} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Win pages' }).textContent).toContain('Page 1 of 3 (55 in all)');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('only counts a list that fits one page, and says nothing of an empty one', () => {
    const { rerender, container } = render(<Pager label="Win pages" page={1} totalPages={1} total={7} onPage={() => {}} />);
    expect(screen.getByText('7 in all')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<Pager label="Win pages" page={1} totalPages={0} total={0} onPage={() => {}} />);
    expect(container.textContent).toBe('');
  });

  it('keeps the way back for a reader left past the end of a list that shrank', async () => {
    const onPage = vi.fn();
    render(<Pager label="Win pages" page={2} totalPages={1} total={3} onPage={onPage} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });
});
