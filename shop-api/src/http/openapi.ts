import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiPath } from './declared-routes.ts';

/** Where the document is served (through the shell too: `/wp-json/...` is the API's). */
export const OPENAPI_ROUTE = apiPath('/openapi.json');

/**
 * The OpenAPI 3.1 document of every declared route, made at start-up from the same
 * contracts schemas and access declarations the server enforces (so it cannot drift):
 * request and response schemas, `security` (the customer's token) and `x-access`
 * (`anyone` or `customer`) per route. Must be registered before the routes, so its
 * route hook sees them.
 */
export function registerOpenApi(app: FastifyInstance): void {
  void app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CGG Competitions shop API',
        version: '1',
        description:
          'The WordPress / WooCommerce-shaped API of the shop. Every route answers at `/wp-json/<route>` and at `/?rest_route=<route>`, ' +
          'matched case-insensitively. Errors are `{code, message, data: {status}}`; 400 names the offending fields in `data.params`; ' +
          '503 with `Retry-After` while the database is unreachable. `x-access` says who may call a route: `anyone` (visitors included) ' +
          'or `customer` (a signed-in customer, acting on their own data only; anyone else gets 401), or `staff` (a signed-in staff member in one of `x-staff-roles`; 401 otherwise, 403 for another role).',
      },
      components: {
        securitySchemes: {
          customerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The session token from login or register; the account calls also take it as the payload field `token`.',
          },
          staffToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A staff session token from staff/second_factor (30 idle minutes, 12 hours at most); `x-staff-roles` lists the roles a route allows.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_ROUTE, { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=300');
    return app.swagger();
  });
}
