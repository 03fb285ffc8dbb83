#!/usr/bin/env node
// `npm run build`: install if needed, build every front end whose inputs changed and compile the
// API to JavaScript (shop-api/dist) if its inputs changed (`--force` rebuilds all).
import { buildApi, buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';

ensureInstalled();
const force = process.argv.includes('--force');
const built = buildFrontEnds({ force });
if (buildApi({ force })) built.push('shop-api');
console.log(built.length ? `[build] built ${built.join(', ')}` : '[build] everything is up to date');
