import AccountPage from '../pages/account-page.tsx';
import { mockApi } from './mock-api.ts';
import { makeUser, responses } from './fixtures.ts';
import { renderAt, withStoredToken } from './render.tsx';
import type { User } from '@cgg/contracts/account';

/**
 * A returning customer (token in storage) opening an account path: check-auth signs
 * them in, then the screen's own calls answer from `answers`.
 */
export function openAccount(path: string, answers: Record<string, unknown> = {}, { hold = false, user = makeUser() }: { hold?: boolean; user?: User } = {}) {
  withStoredToken('tok-old');
  const api = mockApi(
    {
      'check-auth': responses.checkAuth(user),
      get_purchased_competition: { success: true, data: [] },
      drawn_next_competition: { success: true, data: [] },
      finished_soldout_competition: { success: true, data: [] },
      ...answers,
    },
    { hold },
  );
  const view = renderAt(path, [
    { path: '/account/*', element: <AccountPage /> },
    { path: '/auth/login', element: <p>Login page</p> },
  ]);
  // The session's own calls (the overview's tickets by draw among them) are not the screen's.
  const sessionCalls = ['check-auth', 'get_purchased_competition', 'drawn_next_competition', 'finished_soldout_competition'];
  return { api, view, screenCalls: () => api.calls.filter((c) => !sessionCalls.includes(c.route)) };
}
