import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { readCaller, type Caller } from './bearer.ts';
import { parseInput } from './validate.ts';
import { noRoute } from './wp-error.ts';

export interface RestContext<Input> {
  input: Input;
  caller: Caller;
  request: FastifyRequest;
  /** For the few calls that answer a stream instead of JSON (they hijack it). */
  reply: FastifyReply;
}

export interface RestRoute<S extends z.ZodMiniType | null = z.ZodMiniType | null> {
  /** DELETE: the Store API's `DELETE cart/items` (its payload, if any, is the query string). */
  method: 'GET' | 'POST' | 'DELETE';
  /** e.g. '/api/v1/competition' */
  route: string;
  /** Contracts request schema; null for calls without a payload (their query string is ignored). */
  request: S;
  handler: (ctx: RestContext<S extends z.ZodMiniType ? z.infer<S> : undefined>) => Promise<unknown>;
  /**
   * Account calls: the customer's token travels in the payload's `token` (spec) or as
   * `Authorization: Bearer <token>`; when the payload has none, the bearer fills it in.
   */
  tokenFromBearer?: boolean;
}

/** Keeps the handler's input type tied to its schema at the definition site. */
export function restRoute<S extends z.ZodMiniType | null>(route: RestRoute<S>): RestRoute {
  return route as unknown as RestRoute;
}

// WordPress matches routes case-insensitively and ignores a trailing slash.
const routeKey = (method: string, route: string): string => `${method.toUpperCase()} ${route.replace(/\/+$/, '').toLowerCase()}`;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function queryPayload(query: unknown): Record<string, unknown> {
  const { rest_route: _route, ...rest } = (query ?? {}) as Record<string, unknown>;
  return rest;
}

/**
 * WordPress addresses the same REST route two ways: `/?rest_route=/api/v1/x` and
 * `/wp-json/api/v1/x`. Both land here and dispatch through one table, so a call
 * behaves identically whichever address the client uses.
 */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[]): void {
  const table = new Map<string, RestRoute>();
  for (const r of routes) table.set(routeKey(r.method, r.route), r);

  async function dispatch(request: FastifyRequest, reply: FastifyReply, route: unknown): Promise<unknown> {
    if (typeof route !== 'string' || route.length === 0) throw noRoute();
    const entry = table.get(routeKey(request.method === 'HEAD' ? 'GET' : request.method, route));
    if (!entry) throw noRoute();
    const caller = readCaller(request.headers.authorization);
    let input: unknown;
    if (entry.request) {
      // A POST without a body is an empty payload; GET payloads travel in the query string.
      let payload = request.method === 'POST' ? (request.body ?? {}) : queryPayload(request.query);
      if (entry.tokenFromBearer && caller.bearer && !caller.isSite && isObject(payload) && payload.token === undefined) {
        payload = { ...payload, token: caller.bearer };
      }
      input = parseInput(entry.request, payload);
    }
    return entry.handler({ input: input as never, caller, request, reply });
  }

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/',
    handler: (request, reply) => dispatch(request, reply, (request.query as Record<string, unknown>).rest_route),
  });
  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/wp-json/*',
    handler: (request, reply) => dispatch(request, reply, `/${(request.params as { '*': string })['*']}`),
  });
}
