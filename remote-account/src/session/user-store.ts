import { atom, createStore } from 'jotai';
import type { User } from '@cgg/contracts/account';
import type { Competition } from '@cgg/contracts';

/** Tickets held per competition (spec section 3), as `get_purchased_competition` answers. */
export interface TicketHolding {
  competition_id: number;
  total_tickets: number;
}

/** A holding with its competition (title, draw date and time, status, winning ticket). */
export interface CompetitionTickets extends TicketHolding {
  competition: Competition;
}

/** Spec section 3, user store. */
export interface UserStore {
  user: User | null;
  isAuthenticating: boolean;
  purchasedTickets: TicketHolding[];
  /** Holdings in competitions not drawn yet (open, closed or sold out), soonest draw first. */
  upcomingTickets: CompetitionTickets[];
  /** Holdings in drawn competitions, latest draw first. */
  drawnTickets: CompetitionTickets[];
  isLoading: boolean;
}

export const initialUserStore: UserStore = {
  user: null,
  isAuthenticating: false,
  purchasedTickets: [],
  upcomingTickets: [],
  drawnTickets: [],
  isLoading: false,
};

export const userStoreAtom = atom<UserStore>(initialUserStore);

/** True once the startup check has finished (signed in or not): pages wait for it before redirecting. */
export const sessionReadyAtom = atom(false);

/** True after the customer signed out on this page: account pages then go home, not to login. */
export const signedOutHereAtom = atom(false);

/**
 * Why the stored session could not be checked when the server gave no verdict on it (a 503
 * while the shop's database restarts, offline), else null. The token is kept; account pages
 * show this with Try again instead of sending a signed-in customer to the login page.
 */
export const sessionCheckErrorAtom = atom<string | null>(null);

/**
 * The account remote's own jotai store. Every exposed module (the header menu, the
 * pages) is loaded separately by the shell, so they share state through this module
 * rather than through a Provider; no other remote can reach it.
 */
export const accountStore = createStore();
