/**
 * Prints the API's OpenAPI document (the one `GET /wp-json/openapi.json` serves) without a
 * database: the document is made from the route declarations at start-up, and nothing
 * here runs a query. `npm run openapi > openapi.json` for tools that want a file.
 */
import pg from 'pg';
import { buildApp } from '../src/app.ts';

const pool = new pg.Pool({ connectionString: 'postgres://openapi-document@127.0.0.1:1/none', max: 1 });
pool.on('error', () => {});
const app = buildApp({ pool });
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await pool.end();
