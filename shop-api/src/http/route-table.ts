import { STORE_ROUTE_PREFIX, storeEndpoints } from '@cgg/contracts/store';
import { accountCalls } from '@cgg/contracts/account';
import { complaintCalls } from '@cgg/contracts/complaints';
import {
  CHAT_STREAM_ROUTE,
  DRAW_ENTRIES_ROUTE,
  calls,
  drawEntriesRequestSchema,
  type CallAccess,
  type CallAuth,
} from '@cgg/contracts';
import { STAFF_ENTRIES_CSV_ROUTE, staffCalls, staffEntriesCsvRequestSchema, type StaffRole } from '@cgg/contracts/staff';
import type { z } from 'zod/mini';

/** One HTTP route as the contracts declare it: where, how, who may call it, and its shapes. */
export interface RouteDeclaration {
  readonly route: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly access: CallAccess;
  /** `body-token` (the spec's account calls): the customer's token belongs in the payload, and a bearer fills it in. */
  readonly auth?: CallAuth;
  /** `staff` routes: the roles that may call it. */
  readonly staffRoles?: readonly StaffRole[];
  /** `staff` routes a member may call before choosing their own password (when someone else set it). */
  readonly whilePasswordChangeDue?: boolean;
  /** The payload: the JSON body of a POST, the query string of a GET; null: none read. */
  readonly request: z.ZodMiniType | null;
  /** The JSON answer; null for the routes that answer something else (a stream, a CSV file). */
  readonly response: z.ZodMiniType | null;
}

/** A Store API endpoint at its full route. */
const store = <E extends (typeof storeEndpoints)[keyof typeof storeEndpoints]>(e: E): Omit<E, 'route'> & { readonly route: string } => ({
  ...e,
  route: `${STORE_ROUTE_PREFIX}${e.route}`,
});

/**
 * Every route the API answers, from the contracts' call tables (the public one, the customer's, the back office's)
 * and Store API table, plus
 * the two routes that are not JSON calls. The API registers exactly these (one handler
 * each; `declared-routes.test.ts` checks both ways), and its OpenAPI document lists them.
 */
export const routeTable = {
  ...calls,
  ...accountCalls,
  ...complaintCalls,
  ...staffCalls,
  /** The spec's get_bank_details is a GET; the account screen POSTs so bank details stay out of URLs and logs. */
  saveBankDetails: { ...accountCalls.getBankDetails, method: 'POST' },
  storeCart: store(storeEndpoints.cart),
  storeCartItems: store(storeEndpoints.cartItems),
  storeAddItem: store(storeEndpoints.addItem),
  storeUpdateItem: store(storeEndpoints.updateItem),
  storeRemoveItem: store(storeEndpoints.removeItem),
  storeEmptyCart: store(storeEndpoints.emptyCart),
  storeApplyCoupon: store(storeEndpoints.applyCoupon),
  storeRemoveCoupon: store(storeEndpoints.removeCoupon),
  storeCheckout: store(storeEndpoints.checkout),
  storeCheckoutReturn: store(storeEndpoints.checkoutReturn),
  storePaymentConfig: store(storeEndpoints.paymentConfig),
  storeHeldOrder: store(storeEndpoints.heldOrder),
  storeCancelHeldOrder: store(storeEndpoints.cancelHeldOrder),
  chatStream: { route: CHAT_STREAM_ROUTE, method: 'GET', access: 'anyone', request: null, response: null },
  drawEntries: { route: DRAW_ENTRIES_ROUTE, method: 'GET', access: 'anyone', request: drawEntriesRequestSchema, response: null },
  staffEntriesCsv: { route: STAFF_ENTRIES_CSV_ROUTE, method: 'GET', access: 'staff', staffRoles: ['admin', 'operator', 'support'], request: staffEntriesCsvRequestSchema, response: null },
} as const satisfies Record<string, RouteDeclaration>;

export type RouteName = keyof typeof routeTable;
