import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@cgg/contracts/staff';
import { findSession, type SessionHit } from '../accounts/sessions.ts';
import { findStaffSession, type StaffSession } from '../staff/staff-sessions.ts';
import type { Queryable } from '../accounts/queryable.ts';
import { readCaller } from './bearer.ts';
import { WpHttpError } from './wp-error.ts';

/** The signed-in customer a `customer` route acts for, and the token that named them. */
export type SignedInCustomer = SessionHit & { token: string };

/** Why a `customer` route refused its caller: no token at all, or one naming no live session. */
export type Refusal = 'missing' | 'invalid';

export const notSignedIn = (): WpHttpError => new WpHttpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
export const invalidToken = (): WpHttpError => new WpHttpError(401, 'invalid_token', 'Your session has expired. Please log in again.');
export const defaultRefusal = (why: Refusal): WpHttpError => (why === 'missing' ? notSignedIn() : invalidToken());

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Where a route's payload travels: the query string of a GET, the JSON body otherwise. */
export const payloadOf = (request: FastifyRequest): unknown => (request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body);

/**
 * The customer's token in a request (spec section 6): the payload's `token`, else an
 * `Authorization: Bearer` that is not the storefront's fixed site credential.
 */
export function customerTokenOf(request: FastifyRequest): string | undefined {
  const payload = payloadOf(request);
  if (isObject(payload) && typeof payload.token === 'string' && payload.token !== '') return payload.token;
  const caller = readCaller(request.headers.authorization);
  return caller.bearer && !caller.isSite ? caller.bearer : undefined;
}

/**
 * The spec lets a customer's token travel as the bearer instead of in the payload; a
 * payload without one gets the bearer's, so the call's schema and handler see one token.
 */
export function copyBearerIntoPayload(request: FastifyRequest): void {
  const payload = payloadOf(request);
  const caller = readCaller(request.headers.authorization);
  if (!caller.bearer || caller.isSite) return;
  if (payload === undefined || payload === null) {
    if (request.method !== 'GET' && request.method !== 'HEAD') request.body = { token: caller.bearer };
    return;
  }
  if (isObject(payload) && payload.token === undefined) payload.token = caller.bearer;
}

/** Each request's session lookup, by token: a Store route's basket and its access check share one. */
const lookups = new WeakMap<FastifyRequest, { token: string; hit: Promise<SessionHit | null> }>();

/**
 * The live session `token` names, looked up once per request (findSession slides its expiry):
 * a checkout's basket (store-session.ts) and its access check would otherwise read it twice.
 */
export function sessionOfRequest(db: Queryable, request: FastifyRequest, token: string, now: Date): Promise<SessionHit | null> {
  const seen = lookups.get(request);
  if (seen && seen.token === token) return seen.hit;
  const hit = findSession(db, token, now);
  lookups.set(request, { token, hit });
  return hit;
}

/**
 * The access check of a `customer` route, before its payload is validated: the token
 * must name a live session, or the route's refusal is thrown. Every query of the
 * handler is then scoped by the customer id returned here.
 */
export async function identifyCustomer(
  db: Queryable,
  request: FastifyRequest,
  now: Date,
  refuse: (why: Refusal) => WpHttpError = defaultRefusal,
): Promise<SignedInCustomer> {
  const token = customerTokenOf(request);
  if (!token) throw refuse('missing');
  const hit = await sessionOfRequest(db, request, token, now);
  if (!hit) throw refuse('invalid');
  return { ...hit, token };
}

/**
 * Staff routes: the bearer must name a signed-in staff session, in one of the route's roles. A member
 * whose password someone else set reaches only the routes that declare `whilePasswordChangeDue`
 * (who they are, signing out, choosing their own password) until they have chosen it.
 */
export async function identifyStaff(db: Queryable, request: FastifyRequest, now: Date, roles: readonly StaffRole[], whilePasswordChangeDue = false): Promise<StaffSession> {
  const caller = readCaller(request.headers.authorization);
  const session = caller.bearer && !caller.isSite ? await findStaffSession(db, caller.bearer, 'signed-in', now) : null;
  if (!session) throw new WpHttpError(401, 'cgg_staff_sign_in', 'Please sign in to the back office.');
  if (!roles.includes(session.role)) throw new WpHttpError(403, 'cgg_staff_forbidden', 'Your role does not allow that.');
  if (session.passwordChangeDue && !whilePasswordChangeDue) {
    throw new WpHttpError(403, 'cgg_staff_password_change_due', 'Choose your own password first: the one you signed in with was set by someone else.');
  }
  return session;
}
