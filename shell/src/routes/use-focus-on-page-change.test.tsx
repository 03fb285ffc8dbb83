import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { MemoryRouter, Outlet, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { loadedAt } from '../test/loaded-at.ts';
import { useFocusOnPageChange } from './use-focus-on-page-change.ts';

afterEach(cleanup);

let navigate: (to: string) => void = () => {};

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnPageChange(main);
  navigate = useNavigate();
  return (
    <main id="main" ref={main} tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/** A page that puts the focus in its own field as it mounts, as a sign-in form may. */
function FocusingPage() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return <input ref={field} aria-label="Email address" />;
}

it('leaves the focus where a new page put it as it mounted', async () => {
  loadedAt('/a');
  render(
    <MemoryRouter initialEntries={['/a']}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/a" element={<p>A</p>} />
          <Route path="/b" element={<FocusingPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => navigate('/b'));
  expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
});
