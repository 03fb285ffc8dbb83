import { wpErrorSchema } from '@cgg/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { Queryable } from '../accounts/queryable.ts';
import type { StaffSession } from '../staff/staff-sessions.ts';
import { copyBearerIntoPayload, identifyCustomer, identifyStaff, type Refusal, type SignedInCustomer } from './access-guard.ts';
import { API_PREFIX } from './rest-addressing.ts';
import type { RouteDeclaration } from './route-table.ts';
import { parseInput } from './validate.ts';
import type { WpHttpError } from './wp-error.ts';

type InputOf<D extends RouteDeclaration> = D['request'] extends z.ZodMiniType ? z.infer<D['request']> : undefined;

export interface RouteContext<D extends RouteDeclaration> {
  /** The payload, checked against the declaration's schema. */
  input: InputOf<D>;
  /** Who the route acts for: always set on `customer` routes (the access check ran), null on the others. */
  customer: D['access'] extends 'customer' ? SignedInCustomer : null;
  /** The staff member, on `staff` routes (signed in, in one of the route's roles). */
  staff: D['access'] extends 'staff' ? StaffSession : null;
  request: FastifyRequest;
  /** For the few routes that answer a stream or a file instead of JSON. */
  reply: FastifyReply;
}

export interface DeclaredRoute<D extends RouteDeclaration = RouteDeclaration> {
  declaration: D;
  /** OpenAPI: what the route does, in one line... */
  summary: string;
  /** ...and what a caller needs beyond the schemas (rules, errors). */
  description?: string;
  /** Work that must come before the access check, whoever calls (the Store API: Nonce, basket, headers). */
  prepare?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The answer of a `customer` route to a caller who is not one; default 401 `rest_forbidden` / `invalid_token`. */
  refuse?: (why: Refusal) => WpHttpError;
  handler: (ctx: RouteContext<D>) => Promise<unknown>;
  /** A larger body than the API's default limit (an image upload); the access check still runs first after parsing. */
  bodyLimit?: number;
}

/** Ties a handler to its declaration, so its input and customer are typed from the contracts. */
export function declaredRoute<const D extends RouteDeclaration>(declaration: D, def: Omit<DeclaredRoute<D>, 'declaration'>): DeclaredRoute {
  return { declaration, ...def } as unknown as DeclaredRoute;
}

export const apiPath = (route: string): string => `${API_PREFIX}${route}`;

const AREA_TAGS: Array<[RegExp, string]> = [
  [/^\/wc\/store\//, 'Basket and checkout (Store API)'],
  [/(draw|winners_list)/, 'Draws and winners'],
  [/(claim|unclaimed)/, 'Prize claims'],
  [/^\/api\/v1\/staff\//, 'Back office'],
  [/(chat|faqs|legal|postal|contact|complaint)/, 'Site pages'],
  [/(competition|Comps|settings|SEO|winners_prize|howitworks)/i, 'Content'],
];
const tagOf = (route: string): string => AREA_TAGS.find(([re]) => re.test(route))?.[1] ?? 'Accounts';

interface RouteDeps {
  pool: Queryable;
  now: () => Date;
  /** Filled with lower-cased path -> registered path, for case-insensitive matching (rest-addressing.ts). */
  canonicalPaths: Map<string, string>;
}

/**
 * Registers each declared route as a native Fastify route under `/wp-json`: its schema
 * (the contracts' zod request and response) validates the payload and documents the
 * route, and a `customer` route's access check runs before anything else reads the
 * payload. Validation errors answer in WordPress' shape (validate.ts). Fastify refuses
 * a route registered twice at start-up.
 */
export function registerDeclaredRoutes(app: FastifyInstance, deps: RouteDeps, routes: DeclaredRoute[]): void {
  app.setValidatorCompiler<z.ZodMiniType>(({ schema }) => (data) => {
    try {
      // A POST without a body is an empty payload.
      return { value: parseInput(schema, data ?? {}) };
    } catch (error) {
      return { error: error as Error };
    }
  });
  // The response schemas document the answers; the handlers' own types keep them true, so they are not re-checked per request.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  for (const r of routes) {
    const d = r.declaration;
    const url = apiPath(d.route);
    deps.canonicalPaths.set(url.toLowerCase(), url);
    const payloadSchema = d.request ?? undefined;
    app.route({
      method: d.method,
      url,
      ...(r.bodyLimit ? { bodyLimit: r.bodyLimit } : {}),
      schema: {
        summary: r.summary,
        ...(r.description ? { description: r.description } : {}),
        tags: [tagOf(d.route)],
        security: d.access === 'customer' ? [{ customerToken: [] }] : d.access === 'staff' ? [{ staffToken: [] }] : [],
        'x-access': d.access,
        ...(d.access === 'staff' ? { 'x-staff-roles': d.staffRoles ?? [] } : {}),
        ...(payloadSchema ? (d.method === 'GET' ? { querystring: payloadSchema } : { body: payloadSchema }) : {}),
        // Every error, whatever the route, has WordPress' shape.
        response: { ...(d.response ? { 200: d.response } : {}), default: wpErrorSchema },
      },
      preValidation: async (request, reply) => {
        await r.prepare?.(request, reply);
        if (d.access === 'staff') {
          staffMembers.set(request, await identifyStaff(deps.pool, request, deps.now(), d.staffRoles ?? [], d.whilePasswordChangeDue === true));
          return;
        }
        if (d.access !== 'customer') return;
        const customer = await identifyCustomer(deps.pool, request, deps.now(), r.refuse);
        if (d.auth === 'body-token') copyBearerIntoPayload(request);
        customers.set(request, customer);
      },
      handler: (request, reply) =>
        r.handler({
          input: (payloadSchema ? (d.method === 'GET' ? request.query : request.body) : undefined) as never,
          customer: (customers.get(request) ?? null) as never,
          staff: (staffMembers.get(request) ?? null) as never,
          request,
          reply,
        }),
    });
  }
}

/** The customer each `customer` request was identified as, for its handler. */
const customers = new WeakMap<FastifyRequest, SignedInCustomer>();
/** The staff member each `staff` request was identified as. */
const staffMembers = new WeakMap<FastifyRequest, StaffSession>();
